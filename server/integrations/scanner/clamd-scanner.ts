import { connect } from 'node:net';
import type { ClamdAddress } from '#server/config/env.ts';

/** What clamd said of one file: clean, or the name of the signature it matched. */
export type ScanVerdict = { isClean: true } | { isClean: false; signature: string };

/**
 * One file being scanned while it streams in: its bytes are sent in order with `write`, then
 * `verdict` ends the file and answers. `abort` drops a scan whose upload failed for another reason.
 */
export type ScanSession = {
  write: (chunk: Buffer) => Promise<void>;
  verdict: () => Promise<ScanVerdict>;
  abort: () => void;
};

/** Checks uploaded files for malware before they are accepted (clamd when CLAMD_SOCKET is set). */
export type Scanner = { begin: () => ScanSession };

/** clamd could not be reached, refused the stream, or answered something other than a verdict. */
export class ScannerError extends Error {
  override name = 'ScannerError';
}

/**
 * Longest wait for clamd to accept the connection and, once the file has ended, for its verdict.
 * Not while the file streams in, at the sender's pace: clamd's own ReadTimeout ends a stalled stream.
 */
const answerTimeoutMs = 30_000;

function lengthPrefix(length: number): Buffer {
  const prefix = Buffer.alloc(4);
  prefix.writeUInt32BE(length);
  return prefix;
}

/** clamd's reply to INSTREAM, without the NUL that ends replies to `z` commands. */
function parseReply(reply: string): ScanVerdict {
  const text = reply.replace(/\0+$/, '').trim();
  if (text === 'stream: OK') return { isClean: true };
  const found = /^stream: (.+) FOUND$/.exec(text);
  if (found?.[1]) return { isClean: false, signature: found[1] };
  throw new ScannerError(text === '' ? 'clamd closed the connection without a verdict' : `clamd answered: ${text}`);
}

/**
 * clamd's INSTREAM command, spoken over its socket: `zINSTREAM\0`, then chunks each prefixed by
 * its length as a 4-byte big-endian number, then a zero length; clamd answers `stream: OK` or
 * `stream: <signature> FOUND` (or an `… ERROR` line, such as when the file passes its StreamMaxLength)
 * and closes the connection. One connection per file.
 */
export function createClamdScanner(address: ClamdAddress): Scanner {
  return {
    begin: () => {
      const socket = connect('path' in address ? { path: address.path } : { host: address.host, port: address.port });
      socket.on('timeout', () => socket.destroy(new Error(`no answer within ${answerTimeoutMs / 1000} s`)));
      socket.setTimeout(answerTimeoutMs);
      socket.once('connect', () => socket.setTimeout(0));
      const received: Buffer[] = [];
      const text = () => Buffer.concat(received).toString('utf8');
      socket.on('data', (chunk: Buffer) => received.push(chunk));
      // Settles when clamd has said all it will: its reply, or the failure that kept it from replying.
      const reply = new Promise<string>((resolve, reject) => {
        socket.once('end', () => resolve(text()));
        socket.once('close', () => resolve(text()));
        socket.once('error', (error) => {
          // Writing after clamd replied early (a size limit) fails; its reply says why.
          if (received.length > 0) resolve(text());
          else reject(new ScannerError(`clamd could not be reached or stopped answering: ${error.message}`));
        });
      });
      let isAnswered = false;
      const outcome = reply.then(parseReply).finally(() => {
        isAnswered = true;
      });
      // Whoever asks next sees the failure; until then it must not count as unhandled.
      outcome.catch(() => {});
      socket.write('zINSTREAM\0');

      /** A reply before the terminator is never a verdict: clamd refused the stream. */
      const refusal = async (): Promise<never> => {
        await outcome;
        throw new ScannerError('clamd answered before the end of the file');
      };

      return {
        write: async (chunk) => {
          if (isAnswered || socket.destroyed) return refusal();
          if (chunk.length === 0) return;
          if (socket.write(Buffer.concat([lengthPrefix(chunk.length), chunk]))) return;
          const drained = new Promise<void>((resolve) => socket.once('drain', resolve));
          await Promise.race([drained, outcome.then(refusal)]);
        },
        verdict: async () => {
          if (!isAnswered && !socket.destroyed) {
            socket.setTimeout(answerTimeoutMs);
            socket.write(lengthPrefix(0));
          }
          return outcome;
        },
        abort: () => {
          socket.destroy();
        },
      };
    },
  };
}
