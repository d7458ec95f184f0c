import { Anchor, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { dropEndedPools, hasEnded, useRaduniNear } from './raduni-queries.ts';
import { RadunoListItem } from './raduno-list-item.tsx';

const SHOWN = 3;

/**
 * Home's 'Raduni vicino a te' (issue 46, row 8): the next three meets near me for my albums, and "Com'è
 * andata?" for one I went to that ended in the last days; nothing near, the way to propose a place.
 */
export function RaduniHomeCard() {
  const raduni = useRaduniNear();
  const queryClient = useQueryClient();
  useEffect(() => dropEndedPools(queryClient), [queryClient]);
  if (!raduni.data) return null;
  const coming = raduni.data.filter((raduno) => !hasEnded(raduno)).slice(0, SHOWN);
  const lately = raduni.data.filter((raduno) => hasEnded(raduno) && raduno.mine);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="raduni-vicino">
      <Stack gap="sm">
        <Title order={2} size="h4" id="raduni-vicino">
          Raduni vicino a te
        </Title>
        {lately.map((raduno) => (
          <Anchor
            key={raduno.id}
            fw={600}
            renderRoot={(props) => (
              <Link {...props} to="/raduni/$radunoId" params={{ radunoId: raduno.id }} />
            )}
          >
            Com'è andata? {raduno.title}
          </Anchor>
        ))}
        {coming.length === 0 ? (
          <Text c="dimmed">
            Nessun raduno vicino:{' '}
            <Anchor renderRoot={(props) => <Link {...props} to="/punti-scambio" />}>
              proponi un Punto Scambio
            </Anchor>
          </Text>
        ) : (
          coming.map((raduno) => <RadunoListItem key={raduno.id} raduno={raduno} />)
        )}
        {raduni.data.length > coming.length + lately.length && (
          <Button variant="subtle" h={44} renderRoot={(props) => <Link {...props} to="/raduni" />}>
            Tutti i raduni
          </Button>
        )}
      </Stack>
    </Card>
  );
}
