import { IMAGE_TYPES } from '@portal/contract/calls/upload';

/** What the browser says a picked file is: JPG, JPEG or PNG by type or name (the server checks content). */
export function isJpegOrPng(file: File): boolean {
  return (IMAGE_TYPES as readonly string[]).includes(file.type) || /\.(jpe?g|png)$/i.test(file.name);
}

/** Loads a picked image; rejects when the browser cannot decode it (it cannot be cropped then). */
export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => (img.naturalWidth > 0 ? resolve(img) : reject(new Error('empty image')));
    img.onerror = () => reject(new Error('undecodable image'));
    img.src = src;
  });
}

/** The crop of an image drawn to a square of `size` pixels, as a PNG. */
export async function cropToSquare(
  image: HTMLImageElement,
  area: { x: number; y: number; width: number; height: number },
  size: number,
): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size, size);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no image'))), 'image/png'),
  );
}
