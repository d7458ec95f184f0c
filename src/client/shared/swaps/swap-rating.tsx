import './swaps-mantine.css';
import { Button, Group, Rating, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { StarPicker, starsLabel } from './star-picker.tsx';

/** The server's bound on a rating's comment. */
const COMMENT_MAX = 500;

type Props = {
  myRating: number | null;
  otherNickname: string;
  pending: boolean;
  onRate: (stars: number, comment: string) => void;
};

/**
 * After a completed swap (or one not completed, by the side that had confirmed): my stars for the other
 * collector, once, with an optional comment.
 */
export function SwapRating({ myRating, otherNickname, pending, onRate }: Props) {
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  if (myRating !== null) {
    return (
      <Group gap="xs">
        <Text size="sm">Hai valutato {otherNickname}:</Text>
        <Rating value={myRating} readOnly aria-label={`${starsLabel(myRating)} su 5`} />
      </Group>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        Com'è andata con {otherNickname}?
      </Text>
      <StarPicker value={stars} onChange={setStars} />
      <Textarea
        aria-label="Commento (facoltativo)"
        placeholder="Commento (facoltativo)"
        size="md"
        value={comment}
        maxLength={COMMENT_MAX}
        autosize
        minRows={1}
        maxRows={4}
        onChange={(event) => setComment(event.currentTarget.value)}
      />
      <Button h={44} disabled={stars === 0} loading={pending} onClick={() => onRate(stars, comment.trim())}>
        Invia valutazione
      </Button>
    </Stack>
  );
}
