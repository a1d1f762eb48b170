import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import type { Extensions } from '@tiptap/react';
import { imageAddressFromStyle, imageStyle, isImageAddress, RICH_IMAGE_CLASS } from './rich-text-html.ts';

export const HEADINGS = [1, 2, 3] as const;

/**
 * An image that survives the spec's sanitiser (rich-text-html.ts): read from `src` or from the
 * `content: url(…)` the editor wrote before, written with both (the portal only gets the style).
 */
const SanitisableImage = Image.extend({
  parseHTML() {
    return [
      {
        tag: 'img',
        getAttrs: (el) => {
          const src = el.getAttribute('src') || imageAddressFromStyle(el.getAttribute('style'));
          return src && isImageAddress(src) ? { src } : false;
        },
      },
    ];
  },
  addAttributes() {
    return {
      src: {
        default: null,
        parseHTML: (el) => el.getAttribute('src') || imageAddressFromStyle(el.getAttribute('style')),
        // alt="" in the editor only (the sanitiser keeps no alt): an image without one fails the
        // back office's accessibility check while it is being edited.
        renderHTML: (attrs) =>
          typeof attrs.src === 'string'
            ? { src: attrs.src, style: imageStyle(attrs.src), class: RICH_IMAGE_CLASS, alt: '' }
            : {},
      },
    };
  },
});

/** The editor's schema: headings 1–3, lists, bold, italic, links (http, https, mailto), images, undo. */
export function richTextExtensions(): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [...HEADINGS] },
      link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
    }),
    SanitisableImage.configure({ inline: false, allowBase64: false }),
  ];
}
