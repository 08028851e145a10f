import { MAX_IMAGE_UPLOAD_BYTES } from '@portal/contracts/images';
import { describe, expect, it } from 'vitest';
import { imageFileProblem } from './image-file-check';

const file = (name: string, type: string, size = 10) =>
  new File([new Uint8Array(size)], name, { type });

describe('imageFileProblem', () => {
  it('passes a photo up to the limit, HEIC without a type too', () => {
    expect(imageFileProblem(file('IMG_0042.jpg', 'image/jpeg', MAX_IMAGE_UPLOAD_BYTES))).toBe(
      undefined,
    );
    expect(imageFileProblem(file('IMG_0042.HEIC', ''))).toBe(undefined);
    expect(imageFileProblem(file('IMG_0042.heif', 'application/octet-stream'))).toBe(undefined);
  });

  it('refuses a file over the limit', () => {
    expect(imageFileProblem(file('IMG_0042.jpg', 'image/jpeg', MAX_IMAGE_UPLOAD_BYTES + 1))).toBe(
      'tooLarge',
    );
  });

  it('refuses what the browser says is not an image', () => {
    expect(imageFileProblem(file('report.pdf', 'application/pdf'))).toBe('notImage');
    expect(imageFileProblem(file('notes', ''))).toBe('notImage');
    expect(imageFileProblem(file('clip.mov', 'video/quicktime'))).toBe('notImage');
  });
});
