import { Accordion, Anchor, Card, Grid, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Content } from '../../../../domain/types.ts';
import { isExternalUrl } from '../../../lib/paths.ts';
import { HtmlBody } from '../../../components/HtmlBody.tsx';
import { Video } from '../../../components/Video.tsx';
import { cardSpan } from '../../../lib/card-span.ts';

export function CardsBlock({ block }: { block: Content }) {
  const cards = block.cards ?? [];
  const span = cardSpan(cards.length);
  return (
    <>
      {block.title && (
        <Title order={2} mb="sm">
          {block.title}
        </Title>
      )}
      <HtmlBody html={block.body} />
      <Grid gap="md" mt="xs">
        {cards.map((card) => (
          <Grid.Col key={card.key} span={{ base: 12, sm: Math.max(span, 6), md: span }}>
            <Card withBorder radius="md" padding="md" h="100%" data-card-key={card.key}>
              {card.video && (
                <Card.Section mb="sm">
                  <Video url={card.video} title={card.title} />
                </Card.Section>
              )}
              {card.title && (
                <Title order={3} size="h4" mb={6}>
                  {card.url ? (
                    isExternalUrl(card.url) ? (
                      <Anchor href={card.url} target="_blank" rel="noopener noreferrer" inherit>
                        {card.title}
                      </Anchor>
                    ) : (
                      <Anchor component={Link} to={card.url} inherit>
                        {card.title}
                      </Anchor>
                    )
                  ) : (
                    card.title
                  )}
                </Title>
              )}
              <HtmlBody html={card.description} />
            </Card>
          </Grid.Col>
        ))}
      </Grid>
    </>
  );
}

/** The accordion block ('accordian' in the data): one panel per card. */
export function AccordionBlock({ block }: { block: Content }) {
  const cards = block.cards ?? [];
  return (
    <>
      {block.title && (
        <Title order={2} mb="sm">
          {block.title}
        </Title>
      )}
      <HtmlBody html={block.body} />
      <Accordion variant="separated" mt="xs" chevronPosition="right">
        {cards.map((card) => (
          <Accordion.Item key={card.key} value={card.key}>
            <Accordion.Control>{card.title ?? card.key}</Accordion.Control>
            <Accordion.Panel>
              <HtmlBody html={card.description} />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </>
  );
}
