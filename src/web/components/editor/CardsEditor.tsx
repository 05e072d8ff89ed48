/**
 * The cards (or accordion panels) of a block, edited in place (spec 2): add a card (its key is the time
 * it was made), edit each one, remove one. Removing a card of a saved block saves the block without it
 * at once; everything else is saved with the block.
 */
import { useState } from 'react';
import { Button, Grid, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Card, Content } from '../../../domain/types.ts';
import { MSG } from '../../../domain/messages.ts';
import { CardSchema, NEW_ID, fieldErrors } from '../../../domain/validation.ts';
import { ApiError } from '../../lib/api.ts';
import { addStatus } from '../../lib/status.ts';
import { tk } from '../../lib/tk.ts';
import { saveContent } from '../../lib/data/content.ts';
import { cardSpan } from '../../lib/card-span.ts';
import { RichTextField } from './RichTextField.tsx';
import { AppModal } from '../AppModal.tsx';

/** A new card's key: the time it was made (spec 2), unique within the block. */
export function newCardKey(cards: Card[], now = Date.now()): string {
  let key = now;
  while (cards.some((c) => c.key === String(key))) key += 1;
  return String(key);
}

/** Problems per card key and field, by the shared card rules. */
export function cardErrors(cards: Card[]): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const c of cards) {
    const r = CardSchema.safeParse(c);
    if (!r.success) out[c.key] = fieldErrors(r.error);
  }
  return out;
}

export function CardsEditor({
  block,
  onChange,
  onSaved,
  accordion,
}: {
  block: Content;
  onChange: (cards: Card[]) => void;
  onSaved: (block: Content) => void;
  accordion: boolean;
}) {
  const { t } = useTranslation();
  const cards = block.cards ?? [];
  const [removing, setRemoving] = useState<Card | null>(null);
  const errors = cardErrors(cards);
  const span = cardSpan(Math.max(cards.length, 1));
  const update = (key: string, patch: Partial<Card>) => onChange(cards.map((c) => (c.key === key ? { ...c, ...patch } : c)));
  const add = () => onChange([...cards, { key: newCardKey(cards), title: '', description: '' }]);

  // The block as it was when the card was removed is what gets saved and handed back.
  const saveWithout = useMutation({
    mutationFn: ({ saved, rest }: { saved: Content; rest: Card[] }) => saveContent({ _id: saved._id, cards: rest }),
    onSuccess: (_r, { saved, rest }) => {
      onSaved({ ...saved, cards: rest });
      addStatus('success', accordion ? tk('The panel was removed.') : tk('The card was removed.'));
    },
    onError: (err) => addStatus('error', err instanceof ApiError ? err.message : MSG.formError),
  });
  const busy = saveWithout.isPending;
  const removeCard = (card: Card) => {
    setRemoving(null);
    const rest = cards.filter((c) => c.key !== card.key);
    if (block._id === NEW_ID) {
      onChange(rest);
      return;
    }
    saveWithout.mutate({ saved: block, rest });
  };

  return (
    <Stack gap="xs" data-testid="cards-editor">
      <Group justify="space-between">
        <Title order={3} size="h5">
          {accordion ? t('Panels') : t('Cards')} ({cards.length})
        </Title>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={add} data-testid="add-card">
          {accordion ? t('Add a panel') : t('Add a card')}
        </Button>
      </Group>
      {cards.length === 0 && (
        <Text size="sm" c="gray.7">
          {accordion ? t('No panels yet.') : t('No cards yet.')}
        </Text>
      )}
      <Grid gap="sm">
        {cards.map((card, i) => {
          const e = errors[card.key] ?? {};
          const label = `${accordion ? t('Panel') : t('Card')} ${i + 1}`;
          return (
            <Grid.Col key={card.key} span={{ base: 12, sm: Math.max(span, 6), md: span }}>
              <Paper withBorder p="sm" radius="md" h="100%" data-card-editor={card.key} component="fieldset" style={{ minWidth: 0 }}>
                <Stack gap={6}>
                  <Text fw={600} size="sm" component="legend">
                    {label}
                  </Text>
                  <TextInput
                    label={t('Title')}
                    value={card.title ?? ''}
                    onChange={(ev) => update(card.key, { title: ev.currentTarget.value })}
                    error={e.title && t(e.title)}
                    data-testid="card-title"
                  />
                  {!accordion && (
                    <>
                      <TextInput
                        label={t('Link')}
                        description={t('A page of this site such as /Courses, or https://...')}
                        value={card.url ?? ''}
                        onChange={(ev) => update(card.key, { url: ev.currentTarget.value })}
                        error={e.url && t(e.url)}
                      />
                      <TextInput
                        label={t('Video or image')}
                        value={card.video ?? ''}
                        placeholder="https://"
                        onChange={(ev) => update(card.key, { video: ev.currentTarget.value })}
                        error={e.video && t(e.video)}
                      />
                    </>
                  )}
                  <RichTextField
                    label={t('Text')}
                    value={card.description ?? ''}
                    onChange={(html) => update(card.key, { description: html })}
                    error={e.description && t(e.description)}
                    minHeight={80}
                    uploadContext={block.context}
                    testId={`card-body-${i}`}
                  />
                  <Group justify="flex-end">
                    <Button
                      size="compact-sm"
                      color="red"
                      variant="subtle"
                      leftSection={<IconTrash size={14} aria-hidden />}
                      onClick={() => setRemoving(card)}
                      disabled={busy}
                      data-testid="remove-card"
                    >
                      {accordion ? t('Remove this panel') : t('Remove this card')}
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            </Grid.Col>
          );
        })}
      </Grid>
      <AppModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        centered
        title={accordion ? t('Remove this panel?') : t('Remove this card?')}
      >
        <Text size="sm" mb="md">
          {removing?.title || removing?.key}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => setRemoving(null)}>
            {t('Cancel')}
          </Button>
          <Button color="red" onClick={() => removing && removeCard(removing)} data-testid="confirm-remove-card">
            {t('Remove')}
          </Button>
        </Group>
      </AppModal>
    </Stack>
  );
}
