import { FieldError } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { RadioGroup } from '../../components/ui/radio-group.tsx';
import { SwitchField } from '../../components/ui/switch.tsx';
import { useThemes } from './api/themes.ts';
import { fieldId } from './event-form-state.ts';
import { bindSwitch, type FieldsProps, Section } from './event-form-fields.tsx';
import { ImageUpload } from './image-upload.tsx';

/** Image, theme or custom colours, and whether the page is live. */
export function LookFields({ onUploadingChange, ...props }: FieldsProps & { onUploadingChange: (busy: boolean) => void }) {
  const { state, set, errors } = props;
  const themes = useThemes();
  return (
    <Section title="Look">
      <ImageUpload
        id={fieldId('image_url')}
        value={state.image}
        onChange={(v) => set('image', v)}
        onBusyChange={onUploadingChange}
        error={errors.image_url}
      />
      <RadioGroup
        legend="Theme"
        name={fieldId('theme_id')}
        value={state.themeId}
        onValueChange={(v) => set('themeId', v)}
        disabled={state.customColors || themes.isPending}
        error={errors.theme_id}
        layout="grid"
        options={[
          { value: '', label: <ThemeSwatch name="Default colours" colors={DEFAULT_COLOURS} /> },
          ...(themes.data ?? []).map((t) => ({
            value: t.id,
            label: <ThemeSwatch name={t.is_default ? `${t.name} (default)` : t.name} colors={t.colors} />,
          })),
        ]}
      />
      {state.customColors || themes.isError ? (
        <p className="-mt-2 text-sm text-ink/70">
          {state.customColors ? 'Custom colours are on: saving makes a theme named after this event.' : 'Themes could not be loaded.'}
        </p>
      ) : null}
      <SwitchField
        id={fieldId('custom_colors')}
        label="Custom colours"
        hint="Pick the page's background, text and accent colours."
        checked={state.customColors}
        onCheckedChange={(v) => {
          set('customColors', v);
          // Start from the theme in use, so tweaking one colour keeps the others.
          const current = v ? themes.data?.find((t) => t.id === state.themeId) : undefined;
          if (current) {
            set('background', current.colors.background.toLowerCase());
            set('text', current.colors.text.toLowerCase());
            set('accent', current.colors.accent.toLowerCase());
          }
        }}
      />
      {state.customColors ? (
        <div className="grid gap-4 sm:grid-cols-3">
          <ColourField {...props} name="background" label="Background" />
          <ColourField {...props} name="text" label="Text" />
          <ColourField {...props} name="accent" label="Accent" />
        </div>
      ) : null}
      <SwitchField {...bindSwitch(props, 'isActive', 'is_active')} label="Active" hint="Inactive events are hidden from the public page." />
    </Section>
  );
}

/** A colour swatch picker plus its hex code, kept in step; either can be used. Edits custom_colors.{name}. */
function ColourField({ state, set, errors, name, label }: FieldsProps & { name: 'background' | 'text' | 'accent'; label: string }) {
  const value = state[name];
  const onChange = (v: string) => set(name, v);
  const error = errors[`custom_colors.${name}`];
  const id = fieldId(`custom_colors.${name}`);
  const valid = /^#[0-9a-f]{6}$/i.test(value);
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label} colour
      </label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label} colour picker`}
          value={valid ? value.toLowerCase() : '#000000'}
          onChange={(e) => onChange(e.target.value)}
          className="h-11 w-12 shrink-0 cursor-pointer rounded-lg border border-ink/20 bg-white p-1"
        />
        <Input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value.trim())}
          maxLength={7}
          spellCheck={false}
          autoCapitalize="none"
          className="min-w-0 font-mono"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}

type Colours = { background: string; text: string; accent: string };

/** The app's own palette (styles.css), what "Default colours" gives a page. */
const DEFAULT_COLOURS: Colours = { background: 'var(--color-paper-soft)', text: 'var(--color-ink)', accent: 'var(--color-accent)' };

/** A theme as a host sees it: its background, text and accent side by side, then its name. */
function ThemeSwatch({ name, colors }: { name: string; colors: Colours }) {
  return (
    <span className="flex items-center gap-2">
      <span aria-hidden="true" className="flex h-6 w-12 shrink-0 overflow-hidden rounded border border-ink/20">
        <span className="flex-1" style={{ background: colors.background }} />
        <span className="flex-1" style={{ background: colors.text }} />
        <span className="flex-1" style={{ background: colors.accent }} />
      </span>
      {name}
    </span>
  );
}
