// A network's join code: the contract's `WIFI:` text drawn as a QR code by the `qrcode` package,
// loaded when the first code is drawn (a chunk of its own: no other screen pays for it). Drawn as
// SVG, so it is sharp at any size on screen and on paper, and shown as an image (the page's
// Content-Security-Policy allows data: images, and no markup is injected).
import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';

/** Module size in CSS pixels on screen: large enough for a phone a metre away on paper. */
export const QR_SIZE = 240;

type QrCodeModule = typeof import('qrcode');

let loading: Promise<QrCodeModule> | undefined;
/** The package, once: a CommonJS module, whose exports are its default in a bundle's chunk. */
function loadQrCode() {
  loading ??= import('qrcode').then(
    (module) => (module as QrCodeModule & { default?: QrCodeModule }).default ?? module,
  );
  return loading;
}

export function WifiQrCode({
  text,
  label,
  failedText,
}: {
  /** What the code carries (contracts' wifiQrText). */
  text: string;
  /** The image's name for a screen reader (never the password). */
  label: string;
  failedText: string;
}) {
  const [drawn, setDrawn] = useState<{ text: string; svg: string } | 'failed'>();
  useEffect(() => {
    let current = true;
    loadQrCode()
      // Level M: a printed code still reads with a crease or a smudge on it.
      .then((qrcode) =>
        qrcode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 }),
      )
      .then(
        (svg) => current && setDrawn({ text, svg }),
        () => current && setDrawn('failed'),
      );
    return () => {
      current = false;
    };
  }, [text]);

  if (drawn === 'failed') return <Text c="red.9">{failedText}</Text>;
  // The code of another text is never shown for this one while the new one is drawn.
  if (!drawn || drawn.text !== text)
    return <div style={{ width: QR_SIZE, height: QR_SIZE }} aria-busy="true" />;
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(drawn.svg)}`}
      alt={label}
      width={QR_SIZE}
      height={QR_SIZE}
      style={{ display: 'block', background: 'white' }}
    />
  );
}
