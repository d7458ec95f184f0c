import { NumberInput } from '@mantine/core';
import { ORDER_LIMIT } from '../../../../rpc/schemas/albums.ts';
import { numberFieldValue, priceFieldCents, priceFieldValue } from './number-field.ts';

/** The two fields as typed: the limit, and the price in euros ('' for none). */
export type OrderFields = { orderLimit: number | string; orderPrice: number | string };
export type OrderErrors = { orderLimit?: string | undefined; orderPrice?: string | undefined };

export const orderFieldsOf = (album: {
  orderLimit: number;
  orderPriceCents: number | null;
}): OrderFields => ({
  orderLimit: album.orderLimit,
  orderPrice: priceFieldValue(album.orderPriceCents),
});
export const DEFAULT_ORDER_FIELDS: OrderFields = { orderLimit: ORDER_LIMIT.default, orderPrice: '' };

/** The fields as the album schemas take them (the price in cents). */
export const orderInput = (fields: OrderFields) => ({
  orderLimit: numberFieldValue(fields.orderLimit, ORDER_LIMIT),
  orderPriceCents: priceFieldCents(fields.orderPrice),
});

/** The schema's messages for these two fields (its paths are the input's names). */
export const orderErrorsOf = (errors: Record<string, string | undefined>): OrderErrors => ({
  orderLimit: errors.orderLimit,
  orderPrice: errors.orderPriceCents,
});

type Props = {
  value: OrderFields;
  errors: OrderErrors;
  onChange: (next: OrderFields) => void;
  onBlur?: () => void;
};

/** 'Ordina le ultime' for this album (issue 49): how many missing stickers at most, and what one costs. */
export function AlbumOrderFields({ value, errors, onChange, onBlur }: Props) {
  return (
    <>
      <NumberInput
        label="Limite per l'ordine"
        description={`Quante figurine mancanti al massimo si possono ordinare (${ORDER_LIMIT.min}–${ORDER_LIMIT.max})`}
        min={ORDER_LIMIT.min}
        max={ORDER_LIMIT.max}
        clampBehavior="none"
        allowDecimal={false}
        allowNegative={false}
        value={value.orderLimit}
        onChange={(orderLimit) => onChange({ ...value, orderLimit })}
        onBlur={onBlur}
        error={errors.orderLimit}
      />
      <NumberInput
        label="Prezzo per figurina (€)"
        description="Facoltativo: per la stima del costo dell'ordine"
        min={0}
        decimalScale={2}
        decimalSeparator=","
        allowNegative={false}
        hideControls
        value={value.orderPrice}
        onChange={(orderPrice) => onChange({ ...value, orderPrice })}
        onBlur={onBlur}
        error={errors.orderPrice}
      />
    </>
  );
}
