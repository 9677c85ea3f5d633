import { useEffect, useState } from 'react';
import { useTranslation } from '#web/lib/translation.tsx';

const size = 176;

/**
 * The authenticator app's otpauth address as a QR code to scan, drawn in the browser. The drawing
 * library is loaded here, when someone sets up the second factor, so no other page carries it; if
 * it cannot load, the key as text and the link beside it still do the job.
 */
export function KeyQrCode({ uri }: { uri: string }) {
  const { t } = useTranslation('auth');
  const [svg, setSvg] = useState<string | null>(null);

  useEffect(() => {
    let isCurrent = true;
    import('qrcode')
      .then(({ toString }) => toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((drawn) => {
        if (isCurrent) setSvg(drawn);
      })
      .catch((error: unknown) => console.error('Could not draw the QR code of the second factor', error));
    return () => {
      isCurrent = false;
    };
  }, [uri]);

  return (
    <div className="size-44 shrink-0 rounded-md border border-slate-200 bg-white p-1">
      {svg ? <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={t('twoFactor.qrCode')} width={size} height={size} className="size-full" /> : null}
    </div>
  );
}
