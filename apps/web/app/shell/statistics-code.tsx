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
 * The site's statistics code, only when the site enables statistics (platform.md section 1). Its
 * scripts carry this response's CSP nonce; scripts they load follow through 'strict-dynamic'.
 */
export function StatisticsCode({ website, nonce }: { website: WebsiteInfo; nonce: string }) {
  if (!website.isEnableStatistics || !website.statisticsCode) return null;
  return (
    <>
      {parseStatisticsCode(website.statisticsCode).map((b, i) =>
        b.src ? (
          <script key={i} data-statistics="" nonce={nonce} src={b.src} async suppressHydrationWarning />
        ) : (
          <script
            key={i}
            data-statistics=""
            nonce={nonce}
            suppressHydrationWarning
            dangerouslySetInnerHTML={{ __html: b.code }}
          />
        ),
      )}
    </>
  );
}
