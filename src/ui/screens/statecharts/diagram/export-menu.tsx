import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { ChevronDown, Download } from 'lucide-react';
import { type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyStateMachine } from 'xstate';
import {
  download,
  machineConfigJSON,
  standaloneSvg,
  svgToPngBlob,
  toStatelyImport,
} from '../../../../studio/export';

interface ExportMenuProps {
  name: string;
  machine: AnyStateMachine;
  svgRef: RefObject<SVGSVGElement | null>;
  size: { width: number; height: number };
}

const itemClass =
  'tap-target flex w-full items-center rounded px-2 text-start text-sm data-focus:bg-surface-sunken';

/** Export: the definition for Stately's editor (a JSON file, or code on the clipboard), the diagram as SVG or PNG. */
export function ExportMenu({ name, machine, svgRef, size }: ExportMenuProps) {
  const { t } = useTranslation('studio');
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);

  const run = async (action: () => Promise<void> | void, done?: string) => {
    setMessage(null);
    try {
      await action();
      if (done) setMessage({ text: done, failed: false });
    } catch {
      setMessage({ text: t('diagram.export.failed'), failed: true });
    }
  };
  const svgText = () => {
    const svg = svgRef.current;
    if (!svg) throw new Error('no diagram');
    return standaloneSvg(svg, size);
  };
  // in the menu's order; `done` is said once the action succeeded where its result is not visible
  const exports: { label: string; action: () => Promise<void> | void; done?: string }[] = [
    {
      label: t('diagram.export.json'),
      action: () => download(machineConfigJSON(machine), `${name}.stately.json`, 'application/json'),
    },
    {
      label: t('diagram.export.code'),
      action: () => navigator.clipboard.writeText(toStatelyImport(machine)),
      done: t('diagram.export.copied'),
    },
    { label: t('diagram.export.svg'), action: () => download(svgText(), `${name}.svg`, 'image/svg+xml') },
    {
      label: t('diagram.export.png'),
      action: async () => download(await svgToPngBlob(svgText(), size), `${name}.png`),
    },
  ];

  return (
    <div className="flex items-center gap-2">
      {message && (
        <span
          role={message.failed ? 'alert' : 'status'}
          className={`text-xs ${message.failed ? 'text-danger' : 'text-fg-muted'}`}
        >
          {message.text}
        </span>
      )}
      <Menu>
        <MenuButton className="tap-target inline-flex items-center gap-1 rounded-md border border-line bg-surface-raised px-2 text-sm font-medium text-fg hover:bg-surface-sunken">
          <Download aria-hidden="true" className="size-4" />
          {t('diagram.export.menu')}
          <ChevronDown aria-hidden="true" className="size-4" />
        </MenuButton>
        <MenuItems
          anchor={{ to: 'bottom end', gap: 4 }}
          className="z-50 w-64 rounded-md border border-line bg-surface-raised p-1 shadow-lg focus:outline-none"
        >
          {exports.map(({ label, action, done }) => (
            <MenuItem key={label}>
              <button type="button" className={itemClass} onClick={() => run(action, done)}>
                {label}
              </button>
            </MenuItem>
          ))}
        </MenuItems>
      </Menu>
    </div>
  );
}
