// An image's bytes as an object URL for <img src> (the API wants the bearer header, which an
// <img> cannot send; the page's policy allows blob: images). Revoked when the image or size
// changes and when the component goes, so a gallery left holds no memory.
import { useEffect, useState } from 'react';
import { fetchImageBlob } from '../../../api/device-images';

export type ImageUrl =
  | { state: 'loading' }
  | { state: 'loaded'; url: string }
  | { state: 'failed'; error: unknown };

export function useImageUrl(imageId: string, size: 'full' | 'thumb'): ImageUrl {
  const [result, setResult] = useState<ImageUrl>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    let url: string | undefined;
    setResult({ state: 'loading' });
    fetchImageBlob(imageId, size, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setResult({ state: 'loaded', url });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setResult({ state: 'failed', error });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [imageId, size]);
  return result;
}
