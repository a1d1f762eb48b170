import type { WebsiteInfo } from '@portal/contract';

interface ScriptBlock {
  src: string | undefined;
  code: string;
}

/** The `<script>` blocks of a site's statistics code (e.g. a Baidu Tongji snippet). */
export function parseStatisticsCode(code: string): ScriptBlock[] {
  const blocks: ScriptBlock[] = [];
  const re = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
  for (let m = re.exec(code); m; m = re.exec(code)) {
    const src = /\bsrc\s*=\s*["']([^"']+)["']/i.exec(m[1] ?? '')?.[1];
    blocks.push({ src, code: m[2] ?? '' });
  }
  // A bare snippet without script tags is JavaScript itself.
  if (blocks.length === 0 && code.trim() && !/[<>]/.test(code)) blocks.push({ src: undefined, code });
  return blocks;
}

/**
 * A script of the statistics code that loads an address: an inline loader that inserts it, because
 * under 'strict-dynamic' a script tag with a src is allowed only by nonce, and cached visitors'
 * pages use hashes instead (apps/server/src/platform/web.ts); scripts inserted by an allowed script
 * are allowed in both modes.
 */
export function loaderFor(src: string): string {
  return `(function(){var s=document.createElement('script');s.async=true;s.src=${JSON.stringify(src).replace(/</g, '\\u003c')};document.head.appendChild(s);})();`;
}

/**
 * The site's statistics code, only when the site enables statistics (platform.md section 1). Its
 * inline scripts carry this response's CSP nonce (and are hashed for cached pages).
 */
export function StatisticsCode({ website, nonce }: { website: WebsiteInfo; nonce: string }) {
  if (!website.isEnableStatistics || !website.statisticsCode) return null;
  return (
    <>
      {parseStatisticsCode(website.statisticsCode).map((b, i) => (
        <script
          key={i}
          data-statistics=""
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: b.src ? loaderFor(b.src) : b.code }}
        />
      ))}
    </>
  );
}
