import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** A link written in a Markdown file: where it points, and the line it is on. */
export interface MarkdownLink {
  target: string;
  line: number;
}

/** Fenced code blocks hold examples, not links or headings: they are blanked, keeping line numbers. */
function withoutCodeBlocks(markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[\s\S]*?^```/gm, (block) => block.replace(/[^\n]/g, ' '));
}

/** Inline code spans hold examples too (a heading keeps their text). */
function withoutCode(markdown: string): string {
  return withoutCodeBlocks(markdown).replace(/`[^`\n]*`/g, (span) => ' '.repeat(span.length));
}

/** Every inline link and image of a Markdown text (`[text](target)`, `![alt](target)`). */
export function findLinks(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  withoutCode(markdown)
    .split('\n')
    .forEach((text, index) => {
      for (const match of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) links.push({ target: match[1]!, line: index + 1 });
    });
  return links;
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .replace(/`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown text's headings; a repeated heading gets -1, -2… as GitHub numbers them. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of withoutCodeBlocks(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const anchor = headingAnchor(match[1]!);
    const count = seen.get(anchor) ?? 0;
    seen.set(anchor, count + 1);
    anchors.add(count === 0 ? anchor : `${anchor}-${count}`);
  }
  return anchors;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

/**
 * The relative links of a Markdown file that lead nowhere: to a file or folder that does not
 * exist, or to a heading the Markdown file they name does not have. Addresses with a scheme
 * (https:, mailto:) are not followed.
 */
export function brokenLinks(file: string): string[] {
  const markdown = readFileSync(file, 'utf8');
  const broken: string[] = [];
  for (const { target, line } of findLinks(markdown)) {
    if (isExternal(target)) continue;
    const [pathPart = '', anchor] = target.split('#', 2);
    const resolved = pathPart === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(pathPart));
    const where = `${file}:${line} ${target}`;
    if (!existsSync(resolved)) {
      broken.push(`${where}: no such file`);
      continue;
    }
    if (anchor === undefined) continue;
    if (statSync(resolved).isDirectory() || !resolved.endsWith('.md')) {
      broken.push(`${where}: an anchor into something that is not a Markdown file`);
    } else if (!headingAnchors(readFileSync(resolved, 'utf8')).has(anchor)) {
      broken.push(`${where}: no heading with this anchor`);
    }
  }
  return broken;
}
