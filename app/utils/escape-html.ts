const htmlEscapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

/**
 * Text made safe for HTML, in text and in quoted attributes: the five characters React escapes, written as
 * React writes them (the digest mails splice values into React's markup and must match a full render).
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => htmlEscapes[c]);
}
