import type { LanguageCourseSet } from '../text-types.ts';

export const pt: LanguageCourseSet = {
  selfPacedName: 'No seu ritmo (português)',
  selfPacedDescription:
    '<p>Comece quando quiser e estude no seu próprio ritmo. Seu progresso é salvo automaticamente, e você pode participar das discussões com alunos do mundo todo.</p>',
  timerequired: '3 horas',

  iol: {
    title: 'Introdução à aprendizagem on-line',
    description: `<p>Vai estudar on-line pela primeira vez? Este curso mostra como funcionam os cursos on-line, como organizar o seu tempo de estudo e como aprender bem com outras pessoas nas discussões. É o primeiro passo ideal antes de qualquer outro curso.</p>
<ul><li>Três lições curtas</li><li>Questionários e uma prova final</li><li>Um certificado quando você for aprovado</li></ul>`,
    description2: '<p>Dúvidas sobre este curso? Pergunte nas discussões das lições ou <a href="/About#contact">fale conosco</a>.</p>',
    lessons: [
      {
        title: 'Primeiros passos',
        description: '<p>O que é a aprendizagem on-line, como esta plataforma está organizada e como criar um bom hábito de estudo.</p>',
        materials: [
          {
            title: 'Boas-vindas ao curso',
            description: `<p>Boas-vindas! Neste curso você vai aprender a estudar on-line com eficiência, seja sozinho no seu ritmo, seja em um grupo conduzido por um instrutor.</p>
<p>Cada lição é composta por materiais curtos. Leia-os em ordem e use o botão Próximo para avançar. Seu progresso é salvo automaticamente, e o menu mostra quais materiais você já viu.</p>`,
          },
          {
            title: 'Como um curso on-line é organizado',
            description: `<p>Todos os cursos desta plataforma seguem a mesma estrutura:</p>
<ul><li><strong>Lições</strong> agrupadas em seções, cada uma sobre um tema.</li><li><strong>Materiais</strong> dentro de cada lição: introduções, leituras, atividades e discussões.</li><li><strong>Questionários</strong> para verificar o que você entendeu e uma <strong>prova</strong> final.</li></ul>
<p>Quando você for aprovado na prova com pelo menos 80%, poderá baixar o seu certificado em Minhas turmas.</p>`,
          },
          {
            title: 'Criando um hábito de estudo',
            description: `<p>Pesquisas sobre a aprendizagem de adultos mostram que sessões curtas e regulares funcionam melhor do que sessões longas e ocasionais. Vinte minutos por dia, cinco dias por semana, somam mais de uma hora e meia de estudo concentrado por semana.</p>
<p>Escolha um horário fixo, por exemplo depois do café da manhã ou no ônibus, e ligue o estudo a algo que você já faz todos os dias. Tenha um caderninho para anotar dúvidas e revise suas anotações no início de cada sessão.</p>`,
          },
        ],
      },
      {
        title: 'Estudando com eficiência',
        description: '<p>Como ler de forma ativa, planejar o seu tempo e verificar o que você aprendeu.</p>',
        materials: [
          {
            title: 'Leitura ativa',
            description: `<p>Ler na tela facilita a leitura superficial. A leitura ativa ajuda você a compreender e a lembrar. Antes de ler, observe o título e os subtítulos e pergunte-se o que espera aprender. Durante a leitura, pare após cada parágrafo e resuma-o em uma frase. Depois de ler, anote duas ou três ideias principais e uma dúvida que ainda tenha.</p>
<p>Se uma palavra ou ideia não estiver clara, anote-a e pesquise depois, em vez de interromper a leitura.</p>`,
          },
          {
            title: 'Monte o seu plano de estudos',
            description: `<p>Agora é a sua vez. Siga estes passos para montar um plano de estudos semanal simples.</p>
<ol><li>Anote os dias e horários em que você pode estudar por pelo menos vinte minutos.</li><li>Escolha um lugar tranquilo e pense no que vai precisar: celular carregado, fones de ouvido, um caderno.</li><li>Defina uma meta para esta semana, por exemplo “terminar a lição 2 e fazer o questionário”.</li></ol>
<p>Compartilhe o seu plano na discussão e leia os planos de outros alunos. Você pode encontrar boas ideias ali.</p>`,
            question: 'Em que horário do dia você vai estudar e o que vai ajudar você a cumprir o seu plano?',
          },
          {
            title: 'Verifique o que aprendeu',
            description:
              '<p>Responda a estas quatro perguntas para verificar o que você aprendeu até agora. Você precisa de 80% para ser aprovado e pode tentar quantas vezes quiser.</p>',
            quiz: [
              {
                question: 'Qual forma de estudar funciona melhor para a maioria dos adultos?',
                answers: [
                  'Uma sessão longa por mês',
                  'Sessões curtas e regulares várias vezes por semana',
                  'Estudar só na noite anterior à prova',
                ],
                iscorrect: 2,
              },
              {
                question: 'O que você deve fazer depois de ler um texto?',
                answers: [
                  'Anotar duas ou três ideias principais e uma dúvida',
                  'Fechá-lo e passar logo para outra coisa',
                  'Lê-lo de novo desde o início três vezes',
                ],
                iscorrect: 1,
              },
              {
                question: 'Qual nota você precisa para ser aprovado em um questionário ou na prova?',
                answers: ['50%', '65%', '80%', '100%'],
                iscorrect: 3,
              },
              {
                question: 'Onde você pode baixar o seu certificado?',
                answers: ['Na página inicial', 'Por e-mail, antes de o curso começar', 'Em Minhas turmas, depois de ser aprovado na prova'],
                iscorrect: 3,
              },
            ],
          },
        ],
      },
      {
        title: 'Aprendendo com os outros',
        description: '<p>Como participar das discussões, dar retornos úteis e concluir o curso.</p>',
        materials: [
          {
            title: 'Participando das discussões',
            description: `<p>As discussões permitem aprender com a experiência dos outros. Uma boa publicação é curta, não foge do tema e traz algo novo: um exemplo do seu próprio trabalho, uma pergunta ou um ponto de vista diferente.</p>
<p>Ao responder a alguém, comece reconhecendo o que a pessoa disse e depois acrescente as suas ideias. Seja respeitoso mesmo quando discordar e lembre-se de que outros alunos podem estar escrevendo em uma língua que não é a sua língua materna.</p>`,
            question: 'O que você aprendeu neste curso que vai usar no seu trabalho ou nos seus estudos?',
          },
          {
            title: 'Avaliação do curso',
            description:
              '<p>Antes da prova final, conte-nos o que achou deste curso. A pesquisa é anônima e leva cerca de dois minutos.</p>',
          },
          {
            title: 'Prova final',
            description:
              '<p>Esta prova abrange todo o curso. Você precisa de pelo menos 80% para ser aprovado e receber o seu certificado. Não tenha pressa; você pode refazer a prova se precisar.</p>',
            quiz: [
              {
                question: 'Do que é composta uma lição?',
                answers: ['De materiais como leituras, atividades e discussões', 'Apenas de um vídeo', 'Apenas de uma prova final'],
                iscorrect: 1,
              },
              {
                question: 'Qual destes é um exemplo de leitura ativa?',
                answers: [
                  'Passar os olhos pelo texto o mais rápido possível',
                  'Resumir cada parágrafo em uma frase',
                  'Ler com a televisão ligada',
                ],
                iscorrect: 2,
              },
              {
                question: 'O que caracteriza uma boa publicação em uma discussão?',
                answers: [
                  'É longa e trata de muitos temas',
                  'Repete o que os outros já disseram',
                  'É curta, não foge do tema e traz algo novo',
                ],
                iscorrect: 3,
              },
              {
                question: 'Como você deve responder quando discorda de alguém?',
                answers: [
                  'Ignorar a publicação',
                  'Reconhecer o ponto de vista da pessoa e explicar o seu com respeito',
                  'Pedir ao instrutor que apague a publicação',
                ],
                iscorrect: 2,
              },
              {
                question: 'Qual é a vantagem de uma turma no seu ritmo?',
                answers: [
                  'Você pode começar quando quiser e avançar na sua própria velocidade',
                  'Você nunca precisa fazer a prova',
                  'Um instrutor corrige todas as respostas',
                ],
                iscorrect: 1,
              },
            ],
          },
        ],
      },
    ],
  },

  chb: {
    title: 'Noções básicas de saúde comunitária',
    description: `<p>A saúde começa em casa e na comunidade. Este curso apresenta os principais fatores que influenciam a saúde de uma comunidade, maneiras simples de prevenir doenças comuns e como conversar sobre saúde com os seus vizinhos.</p>
<ul><li>Três lições curtas com atividades práticas</li><li>Questionários e uma prova final</li><li>Um certificado quando você for aprovado</li></ul>
<p><em>Este curso oferece educação em saúde de caráter geral e não substitui a orientação de um profissional de saúde.</em></p>`,
    description2:
      '<p>Elaborado com agentes comunitários de saúde de vários países. Dúvidas? <a href="/About#contact">Fale conosco</a>.</p>',
    lessons: [
      {
        title: 'O que é saúde comunitária?',
        description: '<p>A ideia de saúde comunitária e os fatores que a influenciam.</p>',
        materials: [
          {
            title: 'Boas-vindas ao curso',
            description: `<p>Boas-vindas a Noções básicas de saúde comunitária. A saúde comunitária trata do bem-estar de todas as pessoas que vivem em um lugar, e não apenas de cada paciente. Voluntários, professores, pais e mães e lideranças locais, todos têm um papel a desempenhar.</p>
<p>Neste curso você vai aprender o que mantém uma comunidade saudável, como prevenir algumas das doenças mais comuns e como compartilhar esse conhecimento com as pessoas ao seu redor.</p>`,
          },
          {
            title: 'O que determina a nossa saúde',
            description: `<p>A nossa saúde depende de muito mais do que os serviços de saúde. Os especialistas chamam esses fatores de <strong>determinantes da saúde</strong>:</p>
<ul><li>Condições de vida: moradia, água limpa, saneamento e alimentos seguros.</li><li>Educação e renda.</li><li>Apoio da família, dos amigos e dos vizinhos.</li><li>Acesso aos serviços de saúde quando precisamos deles.</li><li>Hábitos diários, como alimentação, atividade física e higiene.</li></ul>
<p>A própria comunidade pode melhorar muitos desses fatores.</p>`,
          },
          {
            title: 'Lavar as mãos salva vidas',
            description: `<p>Lavar as mãos com água e sabão é uma das formas mais simples e eficazes de prevenir diarreias e infecções respiratórias. Lave por pelo menos vinte segundos, esfregando as palmas, o dorso das mãos, entre os dedos e embaixo das unhas.</p>
<p>Os momentos-chave são antes de preparar alimentos, antes de comer, depois de usar o banheiro, depois de trocar a fralda de um bebê e depois de tossir ou espirrar. Onde não há torneira, uma pia improvisada feita com um galão de plástico facilita a lavagem das mãos.</p>`,
          },
        ],
      },
      {
        title: 'Prevenindo doenças comuns',
        description: '<p>Água segura, higiene e conhecer os recursos locais: medidas simples com grande efeito.</p>',
        materials: [
          {
            title: 'Água potável segura',
            description: `<p>A água não tratada transmite doenças como cólera e febre tifoide. Se você não tiver certeza de que a água é segura, trate-a antes de beber: ferva-a por um minuto depois que levantar fervura, use pastilhas de cloro conforme as instruções ou use um filtro adequado.</p>
<p>Guarde a água tratada em um recipiente limpo e tampado e retire-a com um copo limpo ou por uma torneira, para que as mãos não toquem na água.</p>`,
          },
          {
            title: 'Mapeie os recursos de saúde da sua comunidade',
            description: `<p>Desenhe um mapa simples do seu bairro ou povoado. Marque os lugares importantes para a saúde: pontos de água, o posto de saúde, a farmácia, as escolas, os mercados e os lugares onde o lixo se acumula.</p>
<p>Depois responda a estas perguntas: de onde as pessoas tiram a água? A que distância fica o posto de saúde mais próximo? O que está faltando? Compartilhe as suas conclusões na discussão.</p>`,
            question: 'Qual recurso de saúde mais faz falta na sua comunidade e quem poderia ajudar a oferecê-lo?',
          },
          {
            title: 'Verifique o que aprendeu',
            description:
              '<p>Quatro perguntas sobre as lições até aqui. Você precisa de 80% para ser aprovado e pode tentar de novo quantas vezes quiser.</p>',
            quiz: [
              {
                question: 'Por quanto tempo você deve lavar as mãos com sabão?',
                answers: ['Cerca de cinco segundos', 'Pelo menos vinte segundos', 'Dois minutos'],
                iscorrect: 2,
              },
              {
                question: 'Como a água deve ser fervida para ficar segura para beber?',
                answers: ['Até ficar morna', 'Por dez segundos', 'Por um minuto, em fervura intensa'],
                iscorrect: 3,
              },
              {
                question: 'Qual destes é um determinante da saúde?',
                answers: ['O acesso à água limpa', 'A cor das suas roupas', 'A sua música favorita'],
                iscorrect: 1,
              },
              {
                question: 'Como a água tratada deve ser guardada?',
                answers: ['Em um balde aberto', 'Em um recipiente limpo e tampado', 'No sol, sem tampa', 'Em uma lata de óleo usada'],
                iscorrect: 2,
              },
            ],
          },
        ],
      },
      {
        title: 'Saúde na comunidade',
        description: '<p>Como conversar sobre saúde com outras pessoas e agir em conjunto.</p>',
        materials: [
          {
            title: 'Conversando sobre saúde com os vizinhos',
            description: `<p>As pessoas mudam os seus hábitos quando confiam em quem traz a mensagem e entendem por que ela é importante. Primeiro, escute: pergunte o que as pessoas já sabem e o que as preocupa. Use palavras simples, exemplos locais e imagens, em vez de termos técnicos.</p>
<p>Concentre-se em uma ou duas ações práticas de cada vez, como lavar as mãos antes das refeições. Respeite crenças e a privacidade e nunca compartilhe informações de saúde de alguém sem permissão. Quando uma pergunta for além do que você sabe, encaminhe a pessoa a um profissional de saúde.</p>`,
            question:
              'Pense em uma mensagem de saúde que você gostaria de compartilhar na sua comunidade. Como você a explicaria de forma simples e respeitosa?',
          },
          {
            title: 'Avaliação do curso',
            description:
              '<p>Antes da prova final, conte-nos o que achou deste curso. A pesquisa é anônima e leva cerca de dois minutos.</p>',
          },
          {
            title: 'Prova final',
            description:
              '<p>Esta prova abrange todo o curso. Você precisa de pelo menos 80% para ser aprovado e receber o seu certificado. Pode refazê-la se precisar.</p>',
            quiz: [
              {
                question: 'De que trata a saúde comunitária?',
                answers: [
                  'Apenas do tratamento de cada paciente',
                  'Do bem-estar de todas as pessoas que vivem em um lugar',
                  'Da construção de hospitais',
                ],
                iscorrect: 2,
              },
              {
                question: 'Qual destes é um momento-chave para lavar as mãos?',
                answers: ['Antes de preparar alimentos', 'Depois de ler um livro', 'Só antes de dormir'],
                iscorrect: 1,
              },
              {
                question: 'Qual é uma boa maneira de tratar a água para beber?',
                answers: ['Acrescentar açúcar', 'Deixá-la descansar durante a noite', 'Fervê-la por um minuto'],
                iscorrect: 3,
              },
              {
                question: 'O que você deve fazer primeiro ao conversar sobre saúde com os vizinhos?',
                answers: [
                  'Dar uma longa palestra',
                  'Escutar o que eles sabem e o que os preocupa',
                  'Usar o máximo possível de termos técnicos',
                ],
                iscorrect: 2,
              },
              {
                question: 'O que fazer quando uma pergunta vai além do que você sabe?',
                answers: ['Tentar adivinhar a resposta', 'Ignorar a pergunta', 'Encaminhar a pessoa a um profissional de saúde'],
                iscorrect: 3,
              },
            ],
          },
        ],
      },
    ],
  },

  survey: {
    title: 'Dê a sua opinião',
    description:
      '<p>Obrigado por reservar um momento para contar a sua experiência. As suas respostas são anônimas e nos ajudam a melhorar os cursos.</p>',
    description2: '<p>Obrigado! Recebemos as suas respostas.</p>',
    questions: [
      'Em uma frase, o que foi mais útil para você?',
      'O que podemos melhorar? Escreva o quanto quiser.',
      'Quantas horas por semana você costuma dedicar aos estudos conosco?',
      'Como você conheceu a Open Learning Commons?\nPor um amigo ou colega\nPelo nosso site\nPor um boletim informativo\nPelas redes sociais\nOutro',
      'De modo geral, qual é o seu grau de satisfação com os nossos cursos?\nMuito satisfeito\nSatisfeito\nNem satisfeito nem insatisfeito\nInsatisfeito',
    ],
  },
};
