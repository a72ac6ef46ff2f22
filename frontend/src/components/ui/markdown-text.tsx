import { useEffect, useState } from 'react';

type Render = (text: string) => string;
let render: Render | null = null;

/**
 * A Markdown text (an event's description), rendered by marked and sanitised by DOMPurify.
 * Both are loaded on first use, so a page without a description pays nothing for them; until
 * then the text shows as it was written.
 */
export const MarkdownText = ({ text, className = '' }: { text: string; className?: string }) => {
  const [toHtml, setToHtml] = useState<Render | null>(() => render);
  useEffect(() => {
    if (toHtml) return;
    let current = true;
    void import('@/lib/markdown').then((module) => {
      render = module.markdownToHtml;
      if (current) setToHtml(() => module.markdownToHtml);
    });
    return () => {
      current = false;
    };
  }, [toHtml]);
  const proseClass = `markdown text-sm ${className}`;
  if (!toHtml) return <div className={`${proseClass} whitespace-pre-line`}>{text}</div>;
  // Sanitised by DOMPurify in markdownToHtml: only formatting tags and plain links remain.
  return <div className={proseClass} dangerouslySetInnerHTML={{ __html: toHtml(text) }} />;
};
