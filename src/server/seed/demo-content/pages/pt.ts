import type { PageSet } from '../text-types.ts';

export const pt: PageSet = {
  home: {
    title: 'Início',
    meta: 'A Open Learning Commons oferece cursos on-line gratuitos em seis idiomas para agentes comunitários, voluntários e pessoas que querem continuar aprendendo.',
    blocks: {
      banner: {
        title: 'Aprenda no seu ritmo e no seu idioma',
        body: '<p>Cursos gratuitos para quem serve a sua comunidade.</p>',
      },
      intro: {
        body: `<h2>Boas-vindas à Open Learning Commons</h2>
<p>Somos uma organização sem fins lucrativos que oferece a todos uma formação prática e de qualidade, totalmente gratuita. Nossos cursos são escritos por profissionais experientes e revisados por educadores, e todos estão disponíveis em inglês, espanhol, português, francês, árabe e alemão.</p>
<p>Estude no seu próprio horário ou participe de um grupo conduzido por um instrutor. Cada curso é composto por lições curtas com leituras, atividades e questionários, e termina com uma prova. Quando você é aprovado, recebe um certificado que pode compartilhar.</p>`,
      },
      welcome: {
        body: `<h2>Que bom ver você de novo!</h2>
<p>Continue de onde parou em <a href="/users/profile/enrollment">Minhas turmas</a> ou explore o <a href="/Courses">catálogo de cursos</a> para começar algo novo.</p>`,
        body2: `<h2>É novo por aqui?</h2>
<p>Criar uma conta leva menos de um minuto. Com uma conta, você pode se inscrever em cursos, acompanhar seu progresso, participar de discussões com outros alunos e obter certificados.</p>
<p><a href="/register">Crie sua conta gratuita</a> ou <a href="/login">entre</a> se já tiver uma.</p>`,
      },
      cards: {
        title: 'Comece aqui',
        cards: [
          {
            title: 'Conheça os cursos',
            description: '<p>Cursos curtos e práticos sobre aprendizagem on-line e saúde comunitária, todos com certificado.</p>',
          },
          { title: 'Como funciona', description: '<p>Cadastre-se, inscreva-se em uma turma e aprenda no seu ritmo ou em grupo.</p>' },
          { title: 'Recursos', description: '<p>Dicas de estudo, guias e uma breve pesquisa para nos ajudar a melhorar.</p>' },
          { title: 'Quem somos', description: '<p>Quem somos, por que fazemos este trabalho e como falar conosco.</p>' },
        ],
      },
      courses: {
        title: 'Nossos cursos',
        body: '<p>Escolha um curso para ver as lições e participar de uma turma.</p>',
      },
      register: {
        title: 'Crie sua conta gratuita',
        body: '<p>Junte-se a milhares de alunos no mundo todo. O cadastro é gratuito e nunca vendemos seus dados.</p>',
      },
      languages: {
        title: 'Escolha seu idioma',
        body: '<p>Todas as nossas páginas e cursos estão disponíveis nestes idiomas.</p>',
      },
    },
  },

  HowItWorks: {
    title: 'Como funciona',
    meta: 'Saiba como se cadastrar, se inscrever em um curso e obter um certificado na Open Learning Commons.',
    blocks: {
      intro: {
        body: `<h2>Como funciona</h2>
<p>Aprender conosco é simples. Tudo é gratuito, e você só precisa de um navegador e de um endereço de e-mail. Siga os três passos abaixo para começar.</p>`,
      },
      steps: {
        title: 'Três passos até o seu certificado',
        cards: [
          { title: '1. Cadastre-se', description: '<p>Crie uma conta gratuita com seu nome e e-mail. Leva menos de um minuto.</p>' },
          {
            title: '2. Inscreva-se em um curso',
            description: '<p>Escolha um curso e entre em uma turma: estude no seu ritmo ou digite o código que seu instrutor lhe deu.</p>',
          },
          {
            title: '3. Aprenda e receba o certificado',
            description: '<p>Percorra as lições, responda aos questionários e seja aprovado na prova final para receber o certificado.</p>',
          },
        ],
      },
      groups: {
        body: `<h2>No seu ritmo ou em grupo?</h2>
<p>Cada curso pode ser feito de duas maneiras. Em uma <strong>turma no seu ritmo</strong>, você começa quando quiser e avança na sua própria velocidade. Em um <strong>grupo privado</strong>, um instrutor conduz uma turma de alunos pelo curso ao longo de algumas semanas, e o grupo discute cada lição em conjunto.</p>
<p>Para entrar em um grupo, peça ao seu instrutor o código de inscrição de oito caracteres e digite-o ao se inscrever.</p>`,
      },
      faq: {
        title: 'Perguntas frequentes',
        cards: [
          {
            title: 'Os cursos são pagos?',
            description: '<p>Não. Todos os cursos e certificados são gratuitos. Nosso trabalho é financiado por doações e subsídios.</p>',
          },
          {
            title: 'Quanto tempo dura um curso?',
            description:
              '<p>A maioria dos cursos exige cerca de três horas de estudo. Em uma turma no seu ritmo, você pode distribuí-las por quantos dias precisar.</p>',
          },
          {
            title: 'O que preciso para ser aprovado?',
            description:
              '<p>Você precisa obter pelo menos 80% na prova final. Pode refazer os questionários e a prova quantas vezes quiser.</p>',
          },
          {
            title: 'Posso mudar o idioma?',
            description:
              '<p>Sim. Use o menu de idiomas no topo da página. Seu progresso é guardado para cada versão de idioma de um curso.</p>',
          },
          {
            title: 'Esqueci minha senha. O que faço?',
            description:
              '<p>Use o formulário de <a href="/passwordreset">redefinição de senha</a>. Enviaremos uma senha temporária para o seu e-mail.</p>',
          },
        ],
      },
    },
  },

  Courses: {
    title: 'Cursos',
    meta: 'Cursos on-line gratuitos e com certificado da Open Learning Commons.',
    blocks: {
      intro: {
        body: `<h2>Cursos</h2>
<p>Todos os nossos cursos são gratuitos, abertos a todos e disponíveis em seis idiomas. Escolha um curso abaixo para ver as lições e depois entre em uma turma para começar.</p>`,
      },
      list: {
        title: 'Cursos disponíveis',
      },
      groups: {
        body: `<h2>Vai estudar em grupo?</h2>
<p>Se a sua organização ou o seu instrutor criou uma turma privada, você receberá um código de inscrição. Abra o curso, escolha <em>Participar deste curso</em>, selecione <em>Grupo privado</em> e digite o seu código.</p>`,
      },
    },
  },

  Resources: {
    title: 'Recursos',
    meta: 'Guias de estudo, dicas e links úteis para os alunos da Open Learning Commons.',
    blocks: {
      intro: {
        body: `<h2>Recursos</h2>
<p>Aqui você encontra materiais para aproveitar ao máximo os seus estudos.</p>
<ul>
<li><a href="/HowItWorks">Como funcionam os nossos cursos</a>, passo a passo</li>
<li><a href="/Courses">O catálogo de cursos</a> com todos os cursos atuais</li>
<li><a href="https://www.example.org/pt/library">Nossa biblioteca on-line</a> de guias e apostilas</li>
</ul>`,
      },
      tips: {
        body: `<h2>Dicas para estudar on-line</h2>
<ul>
<li>Reserve um horário fixo para estudar, mesmo que sejam só vinte minutos por dia.</li>
<li>Procure um lugar tranquilo e silencie as notificações enquanto lê.</li>
<li>Faça anotações com as suas próprias palavras; isso ajuda a memorizar.</li>
<li>Participe das discussões: explicar uma ideia aos outros é a melhor maneira de aprendê-la.</li>
<li>Não se preocupe com erros nos questionários. Você sempre pode tentar de novo.</li>
</ul>`,
      },
      survey: {
        title: 'Dê a sua opinião',
        body: '<p>Sua opinião nos ajuda a melhorar os cursos. A pesquisa leva cerca de dois minutos.</p>',
      },
    },
  },

  About: {
    title: 'Quem somos',
    meta: 'A Open Learning Commons é uma organização sem fins lucrativos que oferece formação gratuita em seis idiomas.',
    blocks: {
      story: {
        body: `<h2>Sobre a Open Learning Commons</h2>
<p>A Open Learning Commons é uma organização independente e sem fins lucrativos. Acreditamos que uma boa formação não deve depender de onde você mora, do idioma que fala ou de quanto pode pagar. Desde a nossa fundação, oferecemos todos os cursos gratuitamente.</p>
<p>Nossa história começou com um pequeno grupo de professores, enfermeiros e organizadores comunitários que compartilhavam seus materiais de formação com colegas de outros países. Os materiais eram fotocopiados, traduzidos por voluntários e passados de mão em mão. Logo percebemos que uma plataforma on-line poderia alcançar muito mais pessoas.</p>
<p>Hoje, nossos alunos incluem voluntários de saúde, professores, pais e mães, estudantes e funcionários de organizações locais. Muitos estudam pelo celular com uma conexão lenta, por isso mantemos as lições curtas, leves e fáceis de ler.</p>
<p>Cada curso é escrito por profissionais com anos de experiência de campo e revisado por educadores antes da publicação. Testamos cada lição com alunos reais e a revisamos com base nos comentários deles e nos resultados dos questionários e das pesquisas.</p>
<p>O idioma é importante para nós. Nossos cursos estão disponíveis em inglês, espanhol, português, francês, árabe e alemão. As traduções são feitas por tradutores profissionais e verificadas por falantes nativos que atuam na área, para que os termos que usamos sejam os que as pessoas realmente usam.</p>
<p>Trabalhamos com organizações parceiras que formam grupos de estudo, fornecem instrutores e ajudam os alunos a aplicar o que aprendem. Os instrutores podem criar turmas privadas para seus grupos e acompanhar o progresso de cada participante.</p>
<p>Nosso trabalho é financiado por doações individuais, fundações e contribuições em espécie. Não exibimos anúncios e nunca vendemos dados pessoais. Nosso relatório anual e nossas demonstrações financeiras são publicados no nosso site.</p>
<p>Respeitamos a sua privacidade. Coletamos apenas as informações necessárias para manter a sua conta e emitir certificados, e você decide se cookies opcionais são usados. Saiba mais na nossa página de <a href="/OptOutPreferences">preferências de cookies</a> e nos nossos <a href="/Terms_of_Use">termos de uso</a>.</p>
<p>Quer ajudar? Recebemos com alegria voluntários como tradutores, revisores e instrutores. Escreva para nós e conte um pouco sobre você.</p>`,
      },
      contact: {
        body: `<h2 id="contact">Fale conosco</h2>
<p>E-mail: <a href="mailto:info@example.org">info@example.org</a><br>Endereço postal: Open Learning Commons, 12 Example Street, 1000 Example City</p>
<p>Respondemos às mensagens nos nossos seis idiomas, normalmente em até três dias úteis.</p>`,
      },
    },
  },

  Terms_of_Use: {
    title: 'Termos de uso',
    meta: 'Termos de uso da plataforma de aprendizagem Open Learning Commons.',
    blocks: {
      terms: {
        body: `<h2>Termos de uso</h2>
<p>Ao criar uma conta ou usar este site, você concorda com estes termos. Leia-os com atenção.</p>
<h3>1. O serviço</h3>
<p>A Open Learning Commons oferece cursos on-line gratuitos para uso educacional pessoal e não comercial. Podemos alterar ou retirar cursos a qualquer momento.</p>
<h3>2. Sua conta</h3>
<p>Você é responsável por manter sua senha em sigilo e pelas atividades realizadas na sua conta. As informações que você nos fornece devem ser corretas. Você pode encerrar sua conta a qualquer momento escrevendo para nós.</p>
<h3>3. Participação respeitosa</h3>
<p>Nas discussões, seja respeitoso e construtivo. Não publique conteúdo ilegal, ofensivo ou que viole os direitos de outras pessoas. Podemos remover esse conteúdo e suspender contas que descumpram estas regras.</p>
<h3>4. Conteúdo e licenças</h3>
<p>Os materiais dos cursos são protegidos por direitos autorais. Você pode usá-los para o seu próprio aprendizado e compartilhá-los para fins educacionais não comerciais, citando a Open Learning Commons.</p>
<h3>5. Privacidade</h3>
<p>Tratamos seus dados pessoais apenas para prestar o serviço, conforme explicado na nossa página de <a href="/OptOutPreferences">preferências de cookies</a>. Nunca vendemos seus dados.</p>
<h3>6. Responsabilidade</h3>
<p>Os cursos têm finalidade educacional geral e não substituem a orientação de um profissional. Fazemos o possível para manter o serviço disponível e correto, mas não podemos garantir que esteja livre de erros ou interrupções.</p>
<p>Dúvidas sobre estes termos? <a href="/About#contact">Fale conosco</a>.</p>`,
      },
    },
  },

  OptOutPreferences: {
    title: 'Preferências de cookies',
    meta: 'Como a Open Learning Commons usa cookies e como você pode escolher.',
    blocks: {
      cookies: {
        body: `<h2>Preferências de cookies</h2>
<p>Cookies são pequenos arquivos de texto que um site guarda no seu navegador. Usamos o mínimo possível.</p>
<h3>Cookies necessários</h3>
<p>Eles mantêm você conectado e lembram o seu idioma. O site não funciona sem eles, por isso estão sempre ativos. Nunca são usados para rastrear você.</p>
<h3>Cookies opcionais</h3>
<p>Algumas páginas incorporam vídeos ou usam serviços de outras empresas, que podem definir seus próprios cookies e medir como o site é usado. Eles só ficam ativos se você aceitar.</p>
<h3>A sua escolha</h3>
<p>Use os botões desta página para aceitar ou recusar os cookies opcionais. Você pode mudar de ideia a qualquer momento voltando a esta página, que tem um link no rodapé de todas as páginas. Sua escolha fica salva no seu navegador e, quando você está conectado, também na sua conta.</p>`,
      },
    },
  },

  German: {
    title: 'Alemão',
    meta: 'Open Learning Commons para falantes de alemão: cursos e páginas em alemão.',
    blocks: {
      welcome: {
        body: `<h2>Boas-vindas aos falantes de alemão</h2>
<p>Todos os nossos cursos e páginas também estão disponíveis em alemão. Esta página é o ponto de partida para quem prefere estudar em alemão.</p>
<p>Para ver o site inteiro em alemão, escolha <em>Deutsch</em> no menu de idiomas no topo da página.</p>`,
      },
      start: {
        body: `<h2>Primeiros passos</h2>
<ul>
<li><a href="/Courses">Conheça os cursos</a> e abra a versão em alemão de um curso.</li>
<li>Entre na turma no seu ritmo em alemão e comece pela primeira lição.</li>
<li>Dúvidas? <a href="/About#contact">Escreva para nós</a>; também respondemos em alemão.</li>
</ul>`,
      },
    },
  },

  'page-not-found': {
    title: 'Página não encontrada',
    meta: 'A página solicitada não foi encontrada.',
    blocks: {
      notfound: {
        body: `<h2>Página não encontrada</h2>
<p>Desculpe, não encontramos a página que você procurava. Ela pode ter sido movida ou removida.</p>
<p><a href="/">Ir para a página inicial</a> ou <a href="/Courses">ver nossos cursos</a>.</p>`,
      },
    },
  },
  Privacy: {
    title: 'Aviso de privacidade',
    meta: 'Como a Open Learning Commons usa os dados pessoais dos seus alunos, e os seus direitos.',
    blocks: {
      notice: {
        body: `<h2>Aviso de privacidade</h2>
<p>A Open Learning Commons é uma organização de formação sem fins lucrativos. Este aviso explica que dados pessoais guardamos sobre você, por quê e o que você pode fazer.</p>
<h3>O que guardamos</h3>
<p>Sua conta e perfil (nome, e-mail e os dados que você escolher informar), suas inscrições e progresso, suas respostas em questionários e exames, seus certificados, suas publicações e respostas, as respostas a pesquisas dadas com a sessão iniciada, suas sessões e sua escolha de cookies, e uma lista dos e-mails que enviamos a você.</p>
<h3>Por quê</h3>
<p>Para manter sua conta, acompanhar seu progresso e emitir certificados que outros possam verificar. Nunca vendemos seus dados.</p>
<h3>Seus direitos</h3>
<p>Na área da sua conta você pode baixar uma cópia de tudo o que guardamos sobre você (Baixar meus dados) e excluir sua conta (Excluir minha conta). Após a exclusão, os certificados obtidos continuam verificáveis pelo código, sem o seu nome, e suas publicações ficam como escritas por um antigo aluno.</p>
<h3>Por quanto tempo</h3>
<p>As contas são mantidas enquanto são usadas. A organização pode definir um prazo após o qual as contas inativas são removidas; você será avisado por e-mail 30 dias antes.</p>
<h3>Contato</h3>
<p>Dúvidas sobre seus dados: escreva-nos pelos contatos da nossa página Sobre.</p>`,
      },
    },
  },
};
