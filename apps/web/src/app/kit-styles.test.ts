// The UI kit's styles are imported per component (./kit-styles.css for every page,
// ./shell/shell-styles.css for signed-in screens) rather than as its whole stylesheet. A component
// used anywhere without its file renders unstyled; the e2e tests catch that only on what a screen
// shows when it opens, not in a dialog or a dropdown. So every component imported from the kit
// must be listed here with the files it needs, and each of those files must be imported.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SOURCE = path.resolve(__dirname, '..');

/** The kit's stylesheets a component needs: its own and those of what it is built on. */
const STYLES_OF: Record<string, readonly string[]> = {
  ActionIcon: ['ActionIcon', 'UnstyledButton'],
  Alert: ['Alert', 'CloseButton'],
  Anchor: ['Anchor', 'Text'],
  AppShell: ['AppShell'],
  Avatar: ['Avatar'],
  Badge: ['Badge'],
  Box: [],
  Burger: ['Burger', 'UnstyledButton'],
  Button: ['Button', 'UnstyledButton', 'Loader'],
  Card: ['Card', 'Paper'],
  Center: ['Center'],
  Checkbox: ['Checkbox', 'InlineInput'],
  Chip: ['Chip'],
  Code: ['Code'],
  Container: ['Container'],
  DataList: ['DataList'],
  Divider: ['Divider'],
  Fieldset: ['Fieldset'],
  FileButton: [],
  FileInput: ['Input', 'CloseButton'],
  Group: ['Group'],
  Image: ['Image'],
  Input: ['Input'],
  List: ['List'],
  Loader: ['Loader'],
  MantineProvider: ['baseline', 'default-css-variables', 'global'],
  Menu: ['Menu', 'Popover', 'UnstyledButton'],
  MultiSelect: ['Combobox', 'Input', 'Pill', 'PillsInput', 'Popover', 'ScrollArea'],
  Modal: ['Modal', 'ModalBase', 'Overlay', 'CloseButton', 'Paper'],
  NativeSelect: ['Input', 'Combobox'],
  NavLink: ['NavLink', 'UnstyledButton'],
  Paper: ['Paper'],
  Progress: ['Progress'],
  PasswordInput: ['PasswordInput', 'Input', 'ActionIcon'],
  Radio: ['Radio', 'InlineInput'],
  SegmentedControl: ['SegmentedControl', 'FloatingIndicator'],
  Select: ['Combobox', 'Input', 'Popover', 'ScrollArea'],
  SimpleGrid: ['SimpleGrid'],
  Skeleton: ['Skeleton'],
  Stack: ['Stack'],
  Switch: ['Switch', 'InlineInput'],
  Table: ['Table', 'ScrollArea'],
  Text: ['Text'],
  TextInput: ['Input'],
  Textarea: ['Input'],
  Title: ['Title'],
  UnstyledButton: ['UnstyledButton'],
  VisuallyHidden: ['VisuallyHidden'],
  createTheme: [],
  defaultVariantColorsResolver: [],
  parseThemeColor: [],
  rem: [],
  rgba: [],
};

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The values (not types) the app imports from the kit, by name. */
function kitImports(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(SOURCE)) {
    const text = readFileSync(file, 'utf8');
    for (const [, list] of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
      for (const part of list?.split(',') ?? []) {
        const name = part
          .trim()
          .split(/\s+as\s+/)[0]
          ?.trim();
        if (name && !name.startsWith('type ')) names.add(name);
      }
    }
  }
  return names;
}

function importedStylesheets(): Set<string> {
  const files = ['app/kit-styles.css', 'app/shell/shell-styles.css'];
  const sheets = new Set<string>();
  for (const file of files) {
    const text = readFileSync(path.join(SOURCE, file), 'utf8');
    for (const [, name] of text.matchAll(/@import "@mantine\/core\/styles\/([\w-]+)\.css";/g)) {
      if (name) sheets.add(name);
    }
  }
  return sheets;
}

describe("the UI kit's stylesheets", () => {
  const used = kitImports();

  it('are known for every component the app imports', () => {
    expect([...used].filter((name) => !(name in STYLES_OF))).toEqual([]);
  });

  it('are all imported for the components in use', () => {
    const imported = importedStylesheets();
    const missing = [...used].flatMap((name) =>
      (STYLES_OF[name] ?? [])
        .filter((sheet) => !imported.has(sheet))
        .map((sheet) => `${name}: ${sheet}.css`),
    );
    expect(missing).toEqual([]);
  });

  it('finds the imports it checks', () => {
    // A pattern that stopped matching would pass the two checks above on an empty list.
    expect(used).toContain('AppShell');
    expect(used).toContain('Button');
  });
});
