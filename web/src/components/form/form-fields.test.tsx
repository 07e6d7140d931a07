import { zodResolver } from '@hookform/resolvers/zod';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { type Control, type FieldValues, type Resolver, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithProviders } from '../test/render';
import { CheckboxField } from './CheckboxField';
import { PasswordField } from './PasswordField';
import { SelectField } from './SelectField';
import { SwitchField } from './SwitchField';
import { TextareaField } from './TextareaField';
import { TextField } from './TextField';

// biome-ignore lint/suspicious/noExplicitAny: the harness serves forms of any shape
type AnyControl = Control<any, unknown, any>;

function Form({
  defaultValues,
  resolver,
  onSubmit,
  children,
}: {
  defaultValues: FieldValues;
  resolver?: Resolver<FieldValues>;
  onSubmit: (values: FieldValues) => void;
  children: (control: AnyControl) => ReactNode;
}) {
  const form = useForm<FieldValues>({ defaultValues, resolver });
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => onSubmit(values))}>
      {children(form.control)}
      <button type="submit">Speichern</button>
    </form>
  );
}

function renderForm(props: Omit<Parameters<typeof Form>[0], 'onSubmit'>) {
  const onSubmit = vi.fn();
  renderWithProviders(<Form {...props} onSubmit={onSubmit} />);
  return onSubmit;
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Speichern' }));

describe('TextField', () => {
  it('binds the typed text to the form value', async () => {
    const onSubmit = renderForm({
      defaultValues: { company: '' },
      children: (control) => <TextField control={control} name="company" label="Firmenname" />,
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Firmenname' }), 'Muster GmbH');
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ company: 'Muster GmbH' });
  });

  it('shows a German message for an empty required field and marks it invalid', async () => {
    const onSubmit = renderForm({
      defaultValues: { company: '' },
      children: (control) => <TextField control={control} name="company" label="Firmenname" required />,
    });
    const input = screen.getByRole('textbox', { name: /Firmenname/ });
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).not.toHaveAttribute('required');
    await submit();
    expect(await screen.findByText('Bitte füllen Sie dieses Feld aus.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the message of the zod schema', async () => {
    const schema = z.object({ email: z.email('Bitte geben Sie eine gültige E-Mail-Adresse ein.') });
    renderForm({
      defaultValues: { email: 'kein-mail' },
      resolver: zodResolver(schema) as unknown as Resolver<FieldValues>,
      children: (control) => <TextField control={control} name="email" label="E-Mail" />,
    });
    await submit();
    expect(await screen.findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeInTheDocument();
  });

  it('shows zod’s German default messages', async () => {
    const schema = z.object({ name: z.string().min(3) });
    renderForm({
      defaultValues: { name: 'ab' },
      resolver: zodResolver(schema) as unknown as Resolver<FieldValues>,
      children: (control) => <TextField control={control} name="name" label="Name" />,
    });
    await submit();
    const input = screen.getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription(/Zu klein|Zu kurz|mindestens/i);
  });

  it('can be disabled', () => {
    renderForm({
      defaultValues: { company: 'Muster' },
      children: (control) => <TextField control={control} name="company" label="Firmenname" disabled />,
    });
    expect(screen.getByRole('textbox', { name: 'Firmenname' })).toBeDisabled();
  });
});

describe('PasswordField', () => {
  it('hides the password until the German toggle is pressed', async () => {
    const onSubmit = renderForm({
      defaultValues: { password: '' },
      children: (control) => <PasswordField control={control} name="password" label="Passwort" />,
    });
    const input = screen.getByLabelText('Passwort');
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.type(input, 'demo1234');
    await userEvent.click(screen.getByRole('button', { name: 'Passwort anzeigen' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Passwort verbergen' })).toBeInTheDocument();
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ password: 'demo1234' });
  });
});

describe('TextareaField', () => {
  it('binds multi-line text', async () => {
    const onSubmit = renderForm({
      defaultValues: { text: '' },
      children: (control) => <TextareaField control={control} name="text" label="Nachricht" rows={3} />,
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Nachricht' }), 'Zeile 1{Enter}Zeile 2');
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ text: 'Zeile 1\nZeile 2' });
  });
});

describe('SelectField', () => {
  const units = [
    { value: 'cm', label: 'Zentimeter' },
    { value: 'mm', label: 'Millimeter' },
  ];

  it('sets the chosen option’s value', async () => {
    const onSubmit = renderForm({
      defaultValues: { unit: null },
      children: (control) => <SelectField control={control} name="unit" label="Einheit" data={units} />,
    });
    await userEvent.click(screen.getByRole('combobox', { name: 'Einheit' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Millimeter' }));
    expect(screen.getByRole('combobox', { name: 'Einheit' })).toHaveValue('Millimeter');
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ unit: 'mm' });
  });

  it('filters the options as Germans type, umlauts written out or not', async () => {
    const manufacturers = [
      { value: 'schuetz', label: 'Schütz Elektrotechnik' },
      { value: 'lapp', label: 'ÖLFLEX (Lapp)' },
      { value: 'wago', label: 'WAGO' },
    ];
    renderForm({
      defaultValues: { manufacturer: null },
      children: (control) => (
        <SelectField
          control={control}
          name="manufacturer"
          label="Hersteller"
          data={manufacturers}
          searchable
        />
      ),
    });
    const input = screen.getByRole('combobox', { name: 'Hersteller' });
    await userEvent.type(input, 'schuetz');
    expect(await screen.findByRole('option', { name: 'Schütz Elektrotechnik' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'WAGO' })).not.toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, 'Oelflex');
    expect(await screen.findByRole('option', { name: 'ÖLFLEX (Lapp)' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Schütz Elektrotechnik' })).not.toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, 'wag');
    expect(await screen.findByRole('option', { name: 'WAGO' })).toBeInTheDocument();
  });

  it('requires a choice when required', async () => {
    renderForm({
      defaultValues: { unit: null },
      children: (control) => (
        <SelectField control={control} name="unit" label="Einheit" data={units} required />
      ),
    });
    await submit();
    expect(await screen.findByText('Bitte füllen Sie dieses Feld aus.')).toBeInTheDocument();
  });
});

describe('CheckboxField and SwitchField', () => {
  it('bind booleans', async () => {
    const onSubmit = renderForm({
      defaultValues: { admin: false, active: true },
      children: (control) => (
        <>
          <CheckboxField control={control} name="admin" label="Administrator" />
          <SwitchField control={control} name="active" label="Aktiv" />
        </>
      ),
    });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Administrator' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Aktiv' }));
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ admin: true, active: false });
  });

  it('require a tick when required', async () => {
    const onSubmit = renderForm({
      defaultValues: { terms: false },
      children: (control) => (
        <CheckboxField control={control} name="terms" label="AGB akzeptieren" required />
      ),
    });
    await submit();
    expect(await screen.findByText('Bitte füllen Sie dieses Feld aus.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: /AGB akzeptieren/ }));
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ terms: true });
  });
});
