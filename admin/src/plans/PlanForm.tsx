import {
  ArrayInput,
  BooleanInput,
  FormDataConsumer,
  maxLength,
  maxValue,
  minValue,
  NumberInput,
  required,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
} from 'react-admin';
import { msg } from '../i18n/messages.ts';
import { PermissionsInput } from '../permissions/PermissionsInput.tsx';
import { INTERVALS, MAX_INTERVAL_COUNT, period } from './choices.ts';

const currencyRule = (value: string | undefined) => (!value || /^[A-Za-z]{3}$/.test(value) ? undefined : msg('Use a three-letter ISO 4217 code, for example USD or EUR.'));
const wholeNumber = (value: number | undefined) => (value === undefined || value === null || Number.isInteger(value) ? undefined : msg('Enter a whole number.'));
const intervalCountRule = (value: number | undefined, all: Record<string, unknown>, props: { source?: string }) => {
  // props.source is "prices.N.interval_count": read the interval of the same price.
  const index = Number(/^prices\.(\d+)\./.exec(props?.source ?? '')?.[1]);
  const interval = (all.prices as { interval?: string }[] | undefined)?.[index]?.interval;
  const max = interval ? MAX_INTERVAL_COUNT[interval] : undefined;
  return max !== undefined && value !== undefined && value > max ? { message: msg('At most %{period}.'), args: { period: period(interval!, max) } } : undefined;
};

export function PlanForm() {
  return (
    <SimpleForm defaultValues={{ feature_list: [], prices: [], position: 0, permissions: [] }}>
      <TextInput source="name" validate={[required(), maxLength(100)]} fullWidth />
      <TextInput source="description" multiline minRows={2} validate={maxLength(1000)} fullWidth />
      <ArrayInput source="feature_list" label="Features">
        <SimpleFormIterator disableReordering={false}>
          <TextInput source="" label="Feature" helperText={false} validate={[required(), maxLength(200)]} fullWidth />
        </SimpleFormIterator>
      </ArrayInput>
      <BooleanInput source="recommended" label="Recommended" format={(value) => Boolean(value)} />
      <BooleanInput source="free" label="Free plan" helperText="A free plan has no paid price." format={(value) => Boolean(value)} />
      <BooleanInput source="hidden" label="Hidden from the pricing page" format={(value) => Boolean(value)} />
      <NumberInput source="position" label="Position on the pricing page" helperText="Lowest first." min={0} max={10000} validate={[wholeNumber, minValue(0), maxValue(10000)]} />
      <FormDataConsumer>
        {({ formData }) => (
          <ArrayInput source="prices" label="Prices" helperText={formData.free ? msg('Free plans need no price; a price of 0 is allowed.') : msg('Amounts are in cents: 999 is 9.99.')}>
            <SimpleFormIterator inline disableReordering>
              <NumberInput source="amount" label="Amount (cents)" min={0} validate={[required(), wholeNumber, minValue(0)]} />
              <TextInput source="currency" label="Currency" helperText="ISO 4217, e.g. USD" validate={[required(), currencyRule]} parse={(value: string) => value?.toUpperCase()} />
              <SelectInput source="interval" label="Every" choices={INTERVALS} validate={required()} />
              <NumberInput source="interval_count" label="Interval count" defaultValue={1} min={1} validate={[required(), wholeNumber, minValue(1), intervalCountRule]} />
            </SimpleFormIterator>
          </ArrayInput>
        )}
      </FormDataConsumer>
      <PermissionsInput withoutBackOffice helperText="What subscribers of this plan may do on top of their roles, while their subscription lasts." />
    </SimpleForm>
  );
}
