import { Aperture, ArrowBigDown, ArrowBigUp, RotateCcw, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { useTranslation } from '#web/lib/translation.tsx';
import { cameraProblem, capturePage, openCamera, pdfFile, type CameraProblem, type PhotoPage } from '../photo-pages.ts';

type Camera = { state: 'starting' } | { state: 'ready' } | { state: 'failed'; problem: CameraProblem };

/** The camera's stream shown in the video while the dialog is open, and stopped when it closes. */
function useCamera(video: RefObject<HTMLVideoElement | null>): Camera {
  const [camera, setCamera] = useState<Camera>({ state: 'starting' });
  useEffect(() => {
    let stream: MediaStream | undefined;
    let isClosed = false;
    openCamera().then(
      (opened) => {
        stream = opened;
        if (isClosed) return opened.getTracks().forEach((track) => track.stop());
        const shown = video.current;
        if (!shown) return;
        // Ready once the picture moves: a frame taken before then can be black.
        shown.addEventListener('playing', () => setCamera({ state: 'ready' }), { once: true });
        shown.srcObject = opened;
      },
      (error: unknown) => {
        if (!isClosed) setCamera({ state: 'failed', problem: cameraProblem(error) });
      },
    );
    return () => {
      isClosed = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [video]);
  return camera;
}

/** The pages taken so far; each thumbnail's address is let go when its page leaves or the dialog closes. */
function usePages() {
  const [pages, setPages] = useState<PhotoPage[]>([]);
  const shown = useRef(pages);
  useEffect(() => {
    shown.current = pages;
  }, [pages]);
  useEffect(() => () => shown.current.forEach((page) => URL.revokeObjectURL(page.url)), []);
  return [pages, setPages] as const;
}

type Move = { id: string; direction: 'up' | 'down' };

/**
 * The inside of the "Fotografiar documento" dialog, loaded when it opens: the rear camera's picture,
 * a button that takes a page, the pages in their order (each moved up or down, taken again or removed),
 * and the button that sends them as one PDF. Without a camera (refused, or none), it says so and
 * offers the file upload instead.
 */
export function PhotographDocument({
  title,
  maxBytes,
  isSending,
  onSend,
  fileUpload,
}: {
  title: string;
  /** The upload limit the PDF must stay under (the request's rule, handed in so this chunk needs no contract). */
  maxBytes: number;
  isSending: boolean;
  onSend: (file: File) => void;
  /** The request's ordinary file upload, offered when the camera cannot be used. */
  fileUpload: ReactNode;
}) {
  const { t } = useTranslation('case-requests');
  const video = useRef<HTMLVideoElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const camera = useCamera(video);
  const [pages, setPages] = usePages();
  const [retaking, setRetaking] = useState<string | null>(null);
  const [isTaking, setIsTaking] = useState(false);
  const [isBuilding, setIsBuilding] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [moved, setMoved] = useState<Move | null>(null);

  // A moved page keeps the focus on its button, or on the other one once it reaches an end of the list.
  useEffect(() => {
    if (!moved || !list.current) return;
    const buttons = [`[data-page="${moved.id}"][data-move="${moved.direction}"]`, `[data-page="${moved.id}"][data-move]`].map((selector) =>
      list.current?.querySelector<HTMLButtonElement>(`${selector}:not(:disabled)`),
    );
    buttons.find(Boolean)?.focus();
  }, [moved, pages]);

  if (camera.state === 'failed') {
    return (
      <div className="space-y-4">
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-slate-800">
          {t(camera.problem === 'refused' ? 'camera.refused' : 'camera.absent')}
        </p>
        <div className="flex flex-wrap items-center gap-3">{fileUpload}</div>
      </div>
    );
  }

  const retakeIndex = pages.findIndex((page) => page.id === retaking);

  async function take() {
    if (!video.current) return;
    setIsTaking(true);
    try {
      const page = await capturePage(video.current, maxBytes);
      if (retakeIndex >= 0) {
        URL.revokeObjectURL(pages[retakeIndex]?.url ?? '');
        setPages(pages.map((old, index) => (index === retakeIndex ? page : old)));
        setAnnouncement(t('camera.retaken', { number: retakeIndex + 1 }));
      } else {
        setPages([...pages, page]);
        setAnnouncement(t('camera.taken', { number: pages.length + 1 }));
      }
      setRetaking(null);
    } finally {
      setIsTaking(false);
    }
  }

  function move(index: number, direction: Move['direction']) {
    const target = direction === 'up' ? index - 1 : index + 1;
    const page = pages[index];
    const other = pages[target];
    if (!page || !other) return;
    const next = [...pages];
    next[index] = other;
    next[target] = page;
    setPages(next);
    setMoved({ id: page.id, direction });
    setAnnouncement(t('camera.moved', { from: index + 1, to: target + 1 }));
  }

  function remove(index: number) {
    const page = pages[index];
    if (!page) return;
    URL.revokeObjectURL(page.url);
    setPages(pages.filter((_, at) => at !== index));
    if (retaking === page.id) setRetaking(null);
    setAnnouncement(t('camera.removed', { number: index + 1 }));
  }

  async function send() {
    setIsBuilding(true);
    try {
      onSend(await pdfFile(pages, title, t('camera.fileName')));
    } finally {
      setIsBuilding(false);
    }
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">{t('camera.howTo')}</p>
      <video
        ref={video}
        autoPlay
        muted
        playsInline
        aria-label={t('camera.preview')}
        className="max-h-64 w-full rounded-md bg-slate-900"
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => void take()} disabled={camera.state !== 'ready'} isBusy={isTaking} busyLabel={t('camera.taking')}>
          <Aperture className="h-4 w-4" aria-hidden />
          {retakeIndex >= 0 ? t('camera.takeAgain', { number: retakeIndex + 1 }) : t('camera.take')}
        </Button>
        {retakeIndex >= 0 ? (
          <Button variant="ghost" onClick={() => setRetaking(null)}>
            {t('camera.keepPage')}
          </Button>
        ) : null}
      </div>
      {pages.length > 0 ? (
        <ol ref={list} aria-label={t('camera.pages')} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {pages.map((page, index) => {
            const number = index + 1;
            return (
              <li key={page.id} className="space-y-1 rounded-md border border-slate-200 p-2">
                <img src={page.url} alt={t('camera.page', { number })} className="mx-auto max-h-64 max-w-full rounded bg-slate-100" />
                <p className="text-center text-xs font-medium text-slate-700" aria-hidden>
                  {number}
                </p>
                <div className="flex justify-center gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    data-page={page.id}
                    data-move="up"
                    disabled={index === 0}
                    aria-label={t('camera.moveUp', { number })}
                    onClick={() => move(index, 'up')}
                  >
                    <ArrowBigUp className="h-4 w-4" aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    data-page={page.id}
                    data-move="down"
                    disabled={index === pages.length - 1}
                    aria-label={t('camera.moveDown', { number })}
                    onClick={() => move(index, 'down')}
                  >
                    <ArrowBigDown className="h-4 w-4" aria-hidden />
                  </Button>
                  <Button variant="ghost" size="icon" aria-pressed={retaking === page.id} aria-label={t('camera.retake', { number })} onClick={() => setRetaking(retaking === page.id ? null : page.id)}>
                    <RotateCcw className="h-4 w-4" aria-hidden />
                  </Button>
                  <Button variant="ghostDanger" size="icon" aria-label={t('camera.remove', { number })} onClick={() => remove(index)}>
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <div className="flex justify-end">
        <Button onClick={() => void send()} disabled={pages.length === 0} isBusy={isBuilding || isSending} busyLabel={t('uploading')}>
          {pages.length === 0 ? t('camera.sendNone') : t('camera.send', { count: pages.length })}
        </Button>
      </div>
    </div>
  );
}
