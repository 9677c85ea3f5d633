import { actionHeldEvent, awaitingHydrationAttribute, heldActionsGlobal, interactiveAttribute } from '#common/page/held-actions.ts';

const quoted = JSON.stringify;

/**
 * The first script of every page, inline in the head so that it listens from the first byte, before
 * any module has arrived (ADR 034). Until React drives the page (`data-interactive` on `<html>`), and
 * inside a part whose code has not hydrated yet (`data-awaiting-hydration`), the document's capture
 * phase takes every press before anything else could drop it:
 * - a click on a button (a tap, and Enter or Space on it, which the browser turns into a click);
 * - a form's submit (Enter in a field, its submit button), which would otherwise leave the page;
 * - an arrow or other key on a button that opens a menu.
 * Each is kept once per element (a second press of a control that has not answered yet is the same
 * wish) and marked `aria-busy`, so the control shows it was heard. The web hands each back exactly
 * once to its element when that element answers (web/lib/held-actions.ts). Links, fields, check
 * boxes and selects need nothing: the browser follows a link to the server's page, and what was
 * typed or ticked stays in the field, where the form reads it when it hydrates.
 * An element that hydration replaced is found again by its place under the body.
 */
export const heldActionsScript = `(function(){
var d=document,r=d.documentElement,held=[];
function waits(e){return r.getAttribute(${quoted(interactiveAttribute)})!=='true'||!!e.closest('[${awaitingHydrationAttribute}]')}
function place(e){var p=[];for(;e&&e!==d.body;e=e.parentElement)p.unshift(Array.prototype.indexOf.call(e.parentElement.children,e));return p}
function find(p){var e=d.body;for(var i=0;e&&i<p.length;i++)e=e.children[p[i]];return e}
function hold(v,e,replay){v.preventDefault();v.stopImmediatePropagation();
if(held.some(function(a){return a.element===e}))return;
held.push({element:e,place:place(e),replay:replay});e.setAttribute('aria-busy','true');
e.dispatchEvent(new CustomEvent(${quoted(actionHeldEvent)},{bubbles:true}))}
d.addEventListener('click',function(v){var t=v.target;if(!(t instanceof Element)||!waits(t))return;
var b=t.closest('button,[role=button],a:not([href])');if(!b||b.disabled||(b.type==='submit'&&b.form))return;
hold(v,b,function(e){e.click()})},true);
d.addEventListener('submit',function(v){var f=v.target;if(!(f instanceof HTMLFormElement)||!waits(f))return;
var s=v.submitter,i=s?Array.prototype.indexOf.call(f.elements,s):-1;
hold(v,f,function(e){var n=i<0?null:e.elements[i];e.requestSubmit(n&&n.type==='submit'?n:null)})},true);
d.addEventListener('keydown',function(v){var t=v.target;if(!(t instanceof Element)||!waits(t)||!/^(Arrow|Home$|End$|Escape$)/.test(v.key))return;
var b=t.closest('[aria-haspopup]');if(!b)return;
var k={key:v.key,code:v.code,shiftKey:v.shiftKey,altKey:v.altKey,ctrlKey:v.ctrlKey,metaKey:v.metaKey,bubbles:true,cancelable:true};
hold(v,b,function(e){e.dispatchEvent(new KeyboardEvent('keydown',k))})},true);
window[${quoted(heldActionsGlobal)}]={
release:function(){var now=[];held=held.filter(function(a){var e=a.element.isConnected?a.element:find(a.place);
if(!e||waits(e))return !!e;a.element.removeAttribute('aria-busy');now.push(function(){a.replay(e)});return false});
now.forEach(function(run){run()})},
within:function(c){return held.some(function(a){return c.contains(a.element)})}};
})()`;
