import { INDIVIDUAL_TEXT_OF } from '@portal/domain/rules/technical-spec';
import { TECHNICAL_SPEC_FIELD_LABELS } from '@portal/domain/rules/technical-spec-labels';
import { defaultTechnicalSpec, type TechnicalSpec } from '@portal/domain/schemas/technical-spec';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { TechnicalSpecSection } from '../../../components/technical-spec';
import { renderWithProviders } from '../../../components/test/render';
import { type EnquiryFormControl, type EnquiryFormValues, emptyEnquiryForm } from './enquiry-form-values';

function Harness({ values, readOnly }: { values: Partial<TechnicalSpec>; readOnly: boolean }) {
  const form = useForm<EnquiryFormValues>({
    defaultValues: { ...emptyEnquiryForm(), technicalSpec: { ...defaultTechnicalSpec(), ...values } },
  });
  return <TechnicalSpecSection control={form.control as unknown as EnquiryFormControl} readOnly={readOnly} />;
}

function renderSection(values: Partial<TechnicalSpec> = {}, readOnly = false) {
  const user = userEvent.setup();
  renderWithProviders(<Harness values={values} readOnly={readOnly} />);
  return user;
}

const exact = (label: string) => new RegExp(`^${label.replace(/[()]/g, '\\$&')}( \\*)?$`);
// Label queries: role queries over this many fields are slow under jsdom.
const select = (label: string) => screen.getByLabelText(exact(label), { selector: 'input' });
const querySelect = (label: string) => screen.queryByLabelText(exact(label), { selector: 'input' });
const queryText = querySelect;
// A switch's name also holds its description.
const toggle = (label: string) => screen.getByRole('switch', { name: new RegExp(`^${label}`) });
const queryToggle = (label: string) => screen.queryByRole('switch', { name: new RegExp(`^${label}`) });

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  const input = select(label);
  await user.click(input);
  const listbox = await waitFor(() => {
    const open = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!open) throw new Error(`Die Auswahl von ${label} ist nicht offen.`);
    return open;
  });
  await user.click(within(listbox).getByRole('option', { name: option }));
}

// Many fields under jsdom on a shared machine: more time per test than the default 5 s (no timing is asserted).
describe('TechnicalSpecSection: the SPEC §2 option dependencies, live', { timeout: 30_000 }, () => {
  it('shows the groups a cabinet builder thinks in', () => {
    renderSection();
    for (const group of [
      'Kennzeichnung und Beschriftung',
      'Verdrahtung, Klemmen und Kanäle',
      'Vorschriften',
      'Schaltschrankbeschriftung und Sprachen',
      'Verschraubungen',
      'Verpackung',
    ]) {
      expect(screen.getByRole('heading', { name: group })).toBeInTheDocument();
    }
  });

  it('shows no free text with the defaults and every free text of an INDIVIDUAL choice, marked required', () => {
    const { unmount } = renderWithProviders(<Harness values={{}} readOnly={false} />);
    for (const text of Object.keys(INDIVIDUAL_TEXT_OF) as (keyof typeof INDIVIDUAL_TEXT_OF)[]) {
      expect(queryText(TECHNICAL_SPEC_FIELD_LABELS[text]), text).not.toBeInTheDocument();
    }
    unmount();
    const individual = Object.fromEntries(
      Object.values(INDIVIDUAL_TEXT_OF).map((choice) => [choice, 'INDIVIDUAL']),
    );
    // The dependent choices must apply for their free texts to show (triple, bilingual, manufacturers enabled).
    renderSection({
      ...individual,
      deviceIdentification: 'TRIPLE',
      cabinetLabelLanguage: 'BILINGUAL',
      screwConnections: 'INDIVIDUAL',
    });
    for (const [text, choice] of Object.entries(INDIVIDUAL_TEXT_OF)) {
      const field = queryText(TECHNICAL_SPEC_FIELD_LABELS[text as keyof typeof INDIVIDUAL_TEXT_OF]);
      if (choice === 'screwConnectionManufacturer1' || choice === 'screwConnectionManufacturer2') {
        // Individual screw connections disable the manufacturers, so their free texts stay hidden.
        expect(field, text).not.toBeInTheDocument();
      } else {
        expect(field, text).toBeInTheDocument();
        expect(field).toHaveAttribute('aria-required', 'true');
      }
    }
  });

  it('a free text appears for INDIVIDUAL and disappears for another choice', async () => {
    const user = renderSection();
    expect(queryText('Vorschrift (individuell)')).not.toBeInTheDocument();
    await choose(user, 'Vorschrift', 'Individuell');
    expect(queryText('Vorschrift (individuell)')).toBeInTheDocument();
    await choose(user, 'Vorschrift', 'UL (UL 508A)');
    expect(queryText('Vorschrift (individuell)')).not.toBeInTheDocument();
  });

  it('disables the screw-connection manufacturers for plastic and individual screw connections only', async () => {
    const user = renderSection();
    const manufacturers = ['Hersteller der Verschraubungen', 'Zweiter Hersteller der Verschraubungen'];
    for (const label of manufacturers) expect(select(label)).toBeEnabled();
    await choose(user, 'Kabelverschraubungen', 'Kunststoff');
    for (const label of manufacturers) expect(select(label)).toBeDisabled();
    expect(screen.getAllByText(/wird kein Hersteller gewählt/)).toHaveLength(2);
    await choose(user, 'Kabelverschraubungen', 'Messing');
    for (const label of manufacturers) expect(select(label)).toBeEnabled();
    await choose(user, 'Kabelverschraubungen', 'Individuell');
    for (const label of manufacturers) expect(select(label)).toBeDisabled();
    expect(queryText('Kabelverschraubungen (individuell)')).toBeInTheDocument();
  });

  it('disables the packaging wrap for no packaging and for a wooden box with sea foil only', async () => {
    const user = renderSection();
    expect(select('Umhüllung')).toBeEnabled();
    await choose(user, 'Verpackung', 'Keine');
    expect(select('Umhüllung')).toBeDisabled();
    await choose(user, 'Verpackung', 'Holzkiste');
    expect(select('Umhüllung')).toBeEnabled();
    await choose(user, 'Verpackung', 'Holzkiste mit Seefolie');
    expect(select('Umhüllung')).toBeDisabled();
  });

  it('shows the second language only for bilingual labels', async () => {
    const user = renderSection();
    expect(querySelect('Zweite Sprache')).toBeInTheDocument();
    await choose(user, 'Sprachen der Schaltschrankbeschriftung', 'Einsprachig');
    expect(querySelect('Zweite Sprache')).not.toBeInTheDocument();
    expect(querySelect('Erste Sprache')).toBeInTheDocument();
    await choose(user, 'Sprachen der Schaltschrankbeschriftung', 'Zweisprachig');
    expect(querySelect('Zweite Sprache')).toBeInTheDocument();
  });

  it('shows the mounting-plate label for double and triple, the wire-tag label for triple device identification', async () => {
    const user = renderSection();
    const wireTag = () => queryToggle('Kabelschild 29x12 mm');
    expect(querySelect('Beschriftung auf der Montageplatte')).not.toBeInTheDocument();
    expect(wireTag()).not.toBeInTheDocument();
    await choose(user, 'Betriebsmittelkennzeichnung', 'Zweifach (Bauteil und Montageplatte)');
    expect(querySelect('Beschriftung auf der Montageplatte')).toBeInTheDocument();
    expect(wireTag()).not.toBeInTheDocument();
    await choose(user, 'Betriebsmittelkennzeichnung', 'Dreifach (Bauteil, Montageplatte und Kabelschild)');
    expect(querySelect('Beschriftung auf der Montageplatte')).toBeInTheDocument();
    expect(wireTag()).toBeChecked();
    await choose(user, 'Betriebsmittelkennzeichnung', 'Einfach (am Bauteil)');
    expect(querySelect('Beschriftung auf der Montageplatte')).not.toBeInTheDocument();
    expect(wireTag()).not.toBeInTheDocument();
  });

  it('asks for the name of a customer regulation only while it is switched on', async () => {
    const user = renderSection();
    expect(queryText('Bezeichnung der Kundenvorschrift')).not.toBeInTheDocument();
    await user.click(toggle('Kundenvorschrift'));
    expect(queryText('Bezeichnung der Kundenvorschrift')).toBeInTheDocument();
    expect(screen.getByText(/als Typ „Rechtsdokument“ hoch/)).toBeInTheDocument();
    await user.click(toggle('Kundenvorschrift'));
    expect(queryText('Bezeichnung der Kundenvorschrift')).not.toBeInTheDocument();
  });

  it('changes the marking preview with the marking structure and hides it for single-wire numbering and INDIVIDUAL', async () => {
    const user = renderSection();
    const preview = () => screen.queryByTestId('marking-preview');
    expect(preview()).toHaveTextContent('-X1:13');
    expect(preview()).not.toHaveTextContent('-K1:A1');
    await choose(user, 'Aderkennzeichnung', 'Zielkennzeichnung Klemmstelle mit BMK');
    expect(preview()).toHaveTextContent('-K1:A1 / -X1:13');
    await choose(user, 'Kennzeichnung einzelner Adern', 'Einzeladernummerierung');
    expect(preview()).toHaveTextContent('Einzeladern1001');
    await choose(user, 'Aderkennzeichnung', 'Einzeladernummerierung');
    expect(preview()).not.toBeInTheDocument();
    await choose(user, 'Aderkennzeichnung', 'Individuell');
    expect(preview()).not.toBeInTheDocument();
    expect(queryText('Aderkennzeichnung (individuell)')).toBeInTheDocument();
  });

  it('read-only: every field is read-only, flags read Ja/Nein, dependencies still apply', () => {
    renderSection(
      { regulation: 'INDIVIDUAL', regulationIndividual: 'NFPA 79', deviceIdentification: 'TRIPLE' },
      true,
    );
    const inputs = [...document.querySelectorAll('input:not([type="hidden"]), textarea')];
    expect(inputs.length).toBeGreaterThan(20);
    for (const input of inputs) expect(input).toHaveAttribute('readonly');
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(queryText('Kabelschild 29x12 mm')).toHaveValue('Ja');
    expect(queryText('Kundenvorschrift')).toHaveValue('Nein');
    expect(queryText('Vorschrift (individuell)')).toHaveValue('NFPA 79');
    expect(querySelect('Zweite Sprache')).toBeInTheDocument();
  });
});
