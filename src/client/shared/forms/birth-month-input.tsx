import { Alert, Group, NativeSelect, Text } from '@mantine/core';
import { BIRTH_YEAR_MIN, italianMonth } from '../../../rpc/schemas/age-band-rule.ts';

const MONTHS = [
  'Gennaio',
  'Febbraio',
  'Marzo',
  'Aprile',
  'Maggio',
  'Giugno',
  'Luglio',
  'Agosto',
  'Settembre',
  'Ottobre',
  'Novembre',
  'Dicembre',
];

const NOT_CHOSEN = { value: '', label: '—' };
const MONTH_OPTIONS = [NOT_CHOSEN, ...MONTHS.map((label, index) => ({ value: String(index + 1), label }))];

/** Every year a person can be born in, newest first. */
function yearOptions() {
  const { year } = italianMonth(new Date());
  const years = Array.from({ length: year - BIRTH_YEAR_MIN + 1 }, (_, index) => String(year - index));
  return [NOT_CHOSEN, ...years.map((value) => ({ value, label: value }))];
}

export type BirthMonthValue = { birthMonth: string; birthYear: string };

type Props = {
  value: BirthMonthValue;
  onChange: (field: keyof BirthMonthValue, value: string) => void;
  onBlur?: (field: keyof BirthMonthValue) => void;
  errors: Partial<Record<keyof BirthMonthValue, string>>;
};

/**
 * The birth month and year (issue 45): two plain lists with nothing chosen, and no word on what an age
 * allows, so that nobody is nudged towards an answer.
 */
export function BirthMonthInput({ value, onChange, onBlur, errors }: Props) {
  return (
    <Group grow align="flex-start" gap="sm">
      <NativeSelect
        label="Mese di nascita"
        data={MONTH_OPTIONS}
        value={value.birthMonth}
        onChange={(event) => onChange('birthMonth', event.currentTarget.value)}
        onBlur={() => onBlur?.('birthMonth')}
        error={errors.birthMonth}
        autoComplete="bday-month"
      />
      <NativeSelect
        label="Anno di nascita"
        data={yearOptions()}
        value={value.birthYear}
        onChange={(event) => onChange('birthYear', event.currentTarget.value)}
        onBlur={() => onBlur?.('birthYear')}
        error={errors.birthYear}
        autoComplete="bday-year"
      />
    </Group>
  );
}

/** The form's two texts as the API's numbers; a list left on '—' is left out, for the schema to name. */
export function birthMonthInput(value: BirthMonthValue) {
  return {
    ...(value.birthMonth ? { birthMonth: Number(value.birthMonth) } : {}),
    ...(value.birthYear ? { birthYear: Number(value.birthYear) } : {}),
  };
}

/**
 * Under 14 nobody has an account of their own (issue 45): what to do instead, in words a child reads,
 * under the birth year the server refused.
 */
export function AskAParent({ signingUp }: { signingUp: boolean }) {
  return (
    <Alert color="indigo" variant="light" role="status" title="Ti serve un genitore">
      <Text size="sm">
        Sotto i 14 anni il profilo lo crea un genitore, dal suo account: in Profilo, alla voce «Profili», può
        aggiungere il tuo e scambiare le figurine insieme a te.
        {signingUp && ' Nessun account è stato creato.'}
      </Text>
    </Alert>
  );
}
