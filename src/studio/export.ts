import type { AnyStateMachine } from 'xstate';

/**
 * The studio's exports: a machine's definition as a `createMachine` config Stately's editor imports
 * (guide §3b: `machine.config` with functions named, since JSON.stringify would drop them), and the
 * drawn diagram as a standalone SVG or a PNG for review documents.
 */
export function machineConfigJSON(machine: AnyStateMachine): string {
  return JSON.stringify(
    machine.config,
    (_key, value: unknown) => {
      if (typeof value === 'function') {
        const named = value as { type?: unknown; name?: string; guards?: unknown };
        const type = typeof named.type === 'string' ? named.type : named.name || 'inline';
        // and([...]), or([...]), not(...): the guards they combine, named in turn
        return Array.isArray(named.guards) ? { type, guards: named.guards } : { type };
      }
      if (
        value &&
        typeof value === 'object' &&
        typeof (value as { transition?: unknown }).transition === 'function'
      )
        return 'inlineActorLogic';
      return value;
    },
    2,
  );
}

/** What Stately's editor imports ("Import from code"): a module with one `createMachine({...})` call. */
export const toStatelyImport = (machine: AnyStateMachine): string =>
  `import { createMachine } from 'xstate';\n\nexport const machine = createMachine(${machineConfigJSON(machine)});\n`;

const VAR = /var\((--[\w-]+)(?:,\s*([^()]+))?\)/g;
const STYLED = ['fill', 'stroke', 'color', 'stop-color'];

/**
 * The SVG as a file of its own: the theme's CSS variables replaced by their current values (so the
 * light or dark diagram on screen is what is saved), the view's pan and zoom undone, a background added.
 */
export function standaloneSvg(
  svg: SVGSVGElement,
  size: { width: number; height: number },
  resolve: (name: string) => string = cssVariable,
): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const width = Math.ceil(size.width);
  const height = Math.ceil(size.height);
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  copy.setAttribute('viewBox', `0 0 ${width} ${height}`);
  copy.removeAttribute('class');
  copy.removeAttribute('style');
  for (const viewport of copy.querySelectorAll('[data-viewport]')) viewport.removeAttribute('transform');
  const withVars = (text: string) =>
    text.replace(
      VAR,
      (_all, name: string, fallback?: string) => resolve(name) || fallback?.trim() || 'currentColor',
    );
  for (const element of [copy, ...copy.querySelectorAll('*')]) {
    const style = element.getAttribute('style');
    if (style) element.setAttribute('style', withVars(style));
    for (const attribute of STYLED) {
      const value = element.getAttribute(attribute);
      if (value?.includes('var(')) element.setAttribute(attribute, withVars(value));
    }
  }
  const fontFamily = getFontFamily(svg);
  copy.setAttribute('font-family', fontFamily);
  const background = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  background.setAttribute('width', '100%');
  background.setAttribute('height', '100%');
  background.setAttribute('fill', resolve('--surface') || '#ffffff');
  copy.insertBefore(background, copy.firstChild);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}`;
}

function cssVariable(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

function getFontFamily(element: Element): string {
  const family = typeof getComputedStyle === 'function' ? getComputedStyle(element).fontFamily : '';
  return family || 'system-ui, sans-serif';
}

/** The SVG drawn into a canvas at `scale` (2 = sharp on high-density screens and in print). */
export function svgToPngBlob(
  svgText: string,
  size: { width: number; height: number },
  scale = 2,
): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml;charset=utf-8' }));
    image.onload = () => {
      try {
        const canvas = document.createElement('canvas');
        canvas.width = Math.ceil(size.width * scale);
        canvas.height = Math.ceil(size.height * scale);
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2d canvas');
        context.scale(scale, scale);
        context.drawImage(image, 0, 0, size.width, size.height);
        canvas.toBlob(
          (blob) => (blob ? resolve(blob) : reject(new Error('canvas.toBlob gave nothing'))),
          'image/png',
        );
      } catch (error) {
        reject(error);
      } finally {
        URL.revokeObjectURL(url);
      }
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('the SVG could not be drawn'));
    };
    image.src = url;
  });
}

/** Hands a file to the browser through a temporary object URL. */
export function download(content: Blob | string, fileName: string, type = 'text/plain'): void {
  const blob = typeof content === 'string' ? new Blob([content], { type: `${type};charset=utf-8` }) : content;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
