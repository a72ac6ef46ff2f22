import DOMPurify from 'dompurify';
import { marked } from 'marked';

// Links written in a description leave the site: they open apart and pass nothing on.
const LINK_REL = 'nofollow noopener noreferrer';
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('rel', LINK_REL);
    node.setAttribute('target', '_blank');
  }
});

const ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 'del', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a', 'h1', 'h2', 'h3', 'h4', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td'];

/** Markdown (GitHub's flavour, single line breaks kept) to HTML that is safe to insert: marked
 * renders it, DOMPurify keeps only the tags above, `href` and `title` (no images, no scripts,
 * no `javascript:` links). */
export const markdownToHtml = (text: string): string =>
  DOMPurify.sanitize(marked.parse(text, { async: false, gfm: true, breaks: true }), {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['href', 'title'],
  });
