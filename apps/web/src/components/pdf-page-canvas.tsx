import { useEffect, useRef } from 'react';
import type { PDFDocumentProxy } from '../lib/pdf-document';

interface PdfPageCanvasProps {
  pdf: PDFDocumentProxy;
  pageNumber: number;
  label: string;
  /** 1: the page fits the width of its frame; more: that many times larger, the frame scrolling. */
  zoom?: number;
  onRendered?: () => void;
  onError: (error: unknown) => void;
}

const MAX_CSS_WIDTH = 760;

/** One page of a PDF drawn on a canvas, sized to its container and sharp on dense screens. */
export function PdfPageCanvas({ pdf, pageNumber, label, zoom = 1, onRendered, onError }: PdfPageCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    let isCancelled = false;
    let cancelRender: (() => void) | undefined;
    void (async () => {
      try {
        const page = await pdf.getPage(pageNumber);
        const canvas = canvasRef.current;
        if (isCancelled || !canvas) return;
        const available = Math.min(canvas.parentElement?.clientWidth || MAX_CSS_WIDTH, MAX_CSS_WIDTH) * zoom;
        const base = page.getViewport({ scale: 1 });
        const cssScale = available / base.width;
        const ratio = window.devicePixelRatio || 1;
        const viewport = page.getViewport({ scale: cssScale * ratio });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
        canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
        const task = page.render({ canvas, viewport });
        cancelRender = () => task.cancel();
        await task.promise;
        if (!isCancelled) onRendered?.();
      } catch (error) {
        if (!isCancelled && !(error instanceof Error && error.name === 'RenderingCancelledException')) onError(error);
      }
    })();
    return () => {
      isCancelled = true;
      cancelRender?.();
    };
  }, [pdf, pageNumber, zoom, onRendered, onError]);

  return (
    <canvas
      ref={canvasRef}
      role="img"
      aria-label={label}
      data-testid="pdf-page"
      style={{ display: 'block', maxWidth: zoom === 1 ? '100%' : 'none' }}
    />
  );
}
