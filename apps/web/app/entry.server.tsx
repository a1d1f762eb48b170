import { PassThrough, Transform, type TransformCallback } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { Button, Card, ConfigProvider, Space, Typography } from 'antd';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { ServerThemeCssProvider } from './lib/theme-css.tsx';

export const streamTimeout = 10_000;

/**
 * The server makes its request handler with this build's React Router (its production build,
 * vite.config.ts), so the handler and the routes it renders share one copy of it.
 */
export { createRequestHandler } from 'react-router';

/**
 * React writes a page in many small chunks (2 KB views): each would cross two stream conversions
 * and be its own socket write. Chunks written in one turn of the event loop go on as one buffer
 * (the shell at once; a streamed Suspense boundary when it resolves).
 */
class Coalesce extends Transform {
  private parts: Buffer[] = [];
  private scheduled = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.parts.push(chunk);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.pushParts());
    }
    done();
  }

  override _flush(done: TransformCallback) {
    this.pushParts();
    done();
  }

  private pushParts() {
    this.scheduled = false;
    if (this.parts.length === 0 || this.destroyed) return;
    const parts = this.parts;
    this.parts = [];
    this.push(parts.length === 1 ? parts[0] : Buffer.concat(parts));
  }
}

/** Renders a page; the CSP nonce of the response goes on every script React Router emits. */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const { nonce } = loadContext;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const waitForAll = isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode;
    const { pipe, abort } = renderToPipeableStream(
      <ServerThemeCssProvider value={loadContext.page.themeCss}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </ServerThemeCssProvider>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          const body = new Coalesce();
          // The abort timer holds the whole render: release it as soon as the page is out.
          body.once('close', () => clearTimeout(timer));
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    const timer = setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * A bare antd page rendered the same way as the app's pages (streamed, same React and antd) but
 * without router, loaders or shell: the baseline of bench/ssr-home.ts. Served only with BENCH_ROUTES.
 */
export function renderBareAntdPage(): Promise<Response> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(
      <html lang="zh-CN">
        <head>
          <meta charSet="utf-8" />
          <title>bare antd</title>
        </head>
        <body>
          <ConfigProvider theme={{ zeroRuntime: true, hashed: false }}>
            <Space direction="vertical">
              <Typography.Title>antd</Typography.Title>
              <Card title="Card">
                <Typography.Paragraph>A bare antd page.</Typography.Paragraph>
                <Button type="primary">Button</Button>
              </Card>
            </Space>
          </ConfigProvider>
        </body>
      </html>,
      {
        onShellReady() {
          const body = new PassThrough();
          resolve(new Response(createReadableStreamFromReadable(body), { headers: { 'Content-Type': 'text/html' } }));
          pipe(body);
        },
        onShellError: reject,
      },
    );
  });
}
