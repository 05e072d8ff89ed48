import type { LanguageCourseSet } from '../text-types.ts';

export const es: LanguageCourseSet = {
  selfPacedName: 'A tu ritmo (español)',
  selfPacedDescription:
    '<p>Empieza cuando quieras y estudia a tu propio ritmo. Tu progreso se guarda automáticamente y puedes participar en los debates con estudiantes de todo el mundo.</p>',
  timerequired: '3 horas',

  iol: {
    title: 'Introducción al aprendizaje en línea',
    description: `<p>¿Es la primera vez que estudias en línea? Este curso te muestra cómo funcionan los cursos en línea, cómo organizar tu tiempo de estudio y cómo aprender bien con otras personas en los debates. Es el primer paso ideal antes de cualquier otro curso.</p>
<ul><li>Tres lecciones breves</li><li>Cuestionarios y un examen final</li><li>Un certificado al aprobar</li></ul>`,
    description2:
      '<p>¿Tienes preguntas sobre este curso? Plantéalas en los debates de las lecciones o <a href="/About#contact">contáctanos</a>.</p>',
    lessons: [
      {
        title: 'Primeros pasos',
        description: '<p>Qué es el aprendizaje en línea, cómo está organizada esta plataforma y cómo crear un buen hábito de estudio.</p>',
        materials: [
          {
            title: 'Bienvenida al curso',
            description: `<p>¡Bienvenido! En este curso aprenderás a estudiar en línea de forma eficaz, tanto si avanzas solo a tu ritmo como si formas parte de un grupo dirigido por un instructor.</p>
<p>Cada lección se compone de materiales breves. Léelos en orden y usa el botón Siguiente para avanzar. Tu progreso se guarda automáticamente y el menú muestra qué materiales ya has visto.</p>`,
          },
          {
            title: 'Cómo se organiza un curso en línea',
            description: `<p>Todos los cursos de esta plataforma siguen la misma estructura:</p>
<ul><li><strong>Lecciones</strong> agrupadas en secciones, cada una sobre un tema.</li><li><strong>Materiales</strong> dentro de cada lección: introducciones, lecturas, actividades y debates.</li><li><strong>Cuestionarios</strong> para comprobar lo que has entendido y un <strong>examen</strong> final.</li></ul>
<p>Cuando apruebes el examen con al menos un 80 %, podrás descargar tu certificado desde Mis clases.</p>`,
          },
          {
            title: 'Crear un hábito de aprendizaje',
            description: `<p>Los estudios sobre el aprendizaje de adultos muestran que las sesiones breves y regulares funcionan mejor que las largas y ocasionales. Veinte minutos al día, cinco días a la semana, suman más de una hora y media de estudio concentrado cada semana.</p>
<p>Elige un momento fijo, por ejemplo después del desayuno o en el autobús, y vincula el estudio a algo que ya haces todos los días. Ten a mano una libreta para tus preguntas y repasa tus notas al comienzo de cada sesión.</p>`,
          },
        ],
      },
      {
        title: 'Estudiar con eficacia',
        description: '<p>Cómo leer de forma activa, planificar tu tiempo y comprobar lo que has aprendido.</p>',
        materials: [
          {
            title: 'Lectura activa',
            description: `<p>Leer en una pantalla invita a leer por encima. La lectura activa te ayuda a comprender y a recordar. Antes de leer, mira el título y los subtítulos y pregúntate qué esperas aprender. Mientras lees, detente después de cada párrafo y resúmelo en una frase. Al terminar, anota dos o tres ideas clave y una pregunta que todavía tengas.</p>
<p>Si una palabra o una idea no te queda clara, apúntala y búscala más tarde en lugar de interrumpir la lectura.</p>`,
          },
          {
            title: 'Haz tu plan de estudio',
            description: `<p>Ahora te toca a ti. Sigue estos pasos para hacer un sencillo plan de estudio semanal.</p>
<ol><li>Anota los días y las horas en que puedes estudiar al menos veinte minutos.</li><li>Elige un lugar tranquilo y piensa en lo que necesitas: el teléfono cargado, auriculares, una libreta.</li><li>Fíjate una meta para esta semana, por ejemplo «terminar la lección 2 y hacer el cuestionario».</li></ol>
<p>Comparte tu plan en el debate y lee los planes de otros estudiantes. Puede que encuentres buenas ideas.</p>`,
            question: '¿A qué hora del día vas a estudiar y qué te ayudará a cumplir tu plan?',
          },
          {
            title: 'Comprueba lo que has aprendido',
            description:
              '<p>Responde a estas cuatro preguntas para comprobar lo que has aprendido hasta ahora. Necesitas un 80 % para aprobar y puedes intentarlo tantas veces como quieras.</p>',
            quiz: [
              {
                question: '¿Qué forma de estudiar funciona mejor para la mayoría de los adultos?',
                answers: [
                  'Una sesión larga al mes',
                  'Sesiones breves y regulares varias veces por semana',
                  'Estudiar solo la noche antes del examen',
                ],
                iscorrect: 2,
              },
              {
                question: '¿Qué conviene hacer después de leer un texto?',
                answers: [
                  'Anotar dos o tres ideas clave y una pregunta',
                  'Cerrarlo y pasar a otra cosa enseguida',
                  'Volver a leerlo entero tres veces',
                ],
                iscorrect: 1,
              },
              {
                question: '¿Qué puntuación necesitas para aprobar un cuestionario o el examen?',
                answers: ['50 %', '65 %', '80 %', '100 %'],
                iscorrect: 3,
              },
              {
                question: '¿Dónde puedes descargar tu certificado?',
                answers: [
                  'Desde la página de inicio',
                  'Por correo electrónico antes de empezar el curso',
                  'Desde Mis clases, después de aprobar el examen',
                ],
                iscorrect: 3,
              },
            ],
          },
        ],
      },
      {
        title: 'Aprender con otros',
        description: '<p>Cómo participar en los debates, dar comentarios útiles y completar el curso.</p>',
        materials: [
          {
            title: 'Participar en los debates',
            description: `<p>Los debates te permiten aprender de la experiencia de otras personas. Una buena intervención es breve, se ciñe al tema y aporta algo nuevo: un ejemplo de tu propio trabajo, una pregunta o un punto de vista diferente.</p>
<p>Cuando respondas a alguien, empieza reconociendo lo que ha dicho y luego añade tus propias ideas. Sé respetuoso incluso cuando no estés de acuerdo, y recuerda que otros estudiantes pueden estar escribiendo en una lengua que no es la suya.</p>`,
            question: '¿Qué has aprendido en este curso que vayas a aplicar en tu trabajo o en tus estudios?',
          },
          {
            title: 'Opinión sobre el curso',
            description:
              '<p>Antes del examen final, cuéntanos qué te ha parecido este curso. La encuesta es anónima y dura unos dos minutos.</p>',
          },
          {
            title: 'Examen final',
            description:
              '<p>Este examen abarca todo el curso. Necesitas al menos un 80 % para aprobar y recibir tu certificado. Tómate tu tiempo; puedes repetir el examen si lo necesitas.</p>',
            quiz: [
              {
                question: '¿De qué se compone una lección?',
                answers: ['De materiales como lecturas, actividades y debates', 'Solo de un vídeo', 'Solo de un examen final'],
                iscorrect: 1,
              },
              {
                question: '¿Cuál de estos es un ejemplo de lectura activa?',
                answers: [
                  'Leer el texto por encima lo más rápido posible',
                  'Resumir cada párrafo en una frase',
                  'Leer con la televisión encendida',
                ],
                iscorrect: 2,
              },
              {
                question: '¿Qué caracteriza una buena intervención en un debate?',
                answers: [
                  'Es larga y trata muchos temas',
                  'Repite lo que otros ya han dicho',
                  'Es breve, se ciñe al tema y aporta algo nuevo',
                ],
                iscorrect: 3,
              },
              {
                question: '¿Cómo deberías responder cuando no estás de acuerdo con alguien?',
                answers: [
                  'Ignorar su mensaje',
                  'Reconocer su punto de vista y explicar el tuyo con respeto',
                  'Pedir al instructor que borre su mensaje',
                ],
                iscorrect: 2,
              },
              {
                question: '¿Qué ventaja tiene una clase a tu ritmo?',
                answers: [
                  'Puedes empezar cuando quieras y avanzar a tu propia velocidad',
                  'Nunca tienes que hacer el examen',
                  'Un instructor corrige todas tus respuestas',
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
    title: 'Nociones básicas de salud comunitaria',
    description: `<p>La salud empieza en casa y en la comunidad. Este curso presenta los principales factores que influyen en la salud de una comunidad, formas sencillas de prevenir enfermedades comunes y cómo hablar de salud con tus vecinos.</p>
<ul><li>Tres lecciones breves con actividades prácticas</li><li>Cuestionarios y un examen final</li><li>Un certificado al aprobar</li></ul>
<p><em>Este curso ofrece educación sanitaria general y no sustituye el consejo de un profesional de la salud.</em></p>`,
    description2:
      '<p>Elaborado junto con agentes de salud comunitaria de varios países. ¿Preguntas? <a href="/About#contact">Contáctanos</a>.</p>',
    lessons: [
      {
        title: '¿Qué es la salud comunitaria?',
        description: '<p>La idea de salud comunitaria y los factores que influyen en ella.</p>',
        materials: [
          {
            title: 'Bienvenida al curso',
            description: `<p>Bienvenido a Nociones básicas de salud comunitaria. La salud comunitaria se ocupa del bienestar de todas las personas que viven en un lugar, no solo de cada paciente. Voluntarios, docentes, madres y padres y líderes locales tienen un papel que desempeñar.</p>
<p>En este curso aprenderás qué mantiene sana a una comunidad, cómo prevenir algunas de las enfermedades más comunes y cómo compartir estos conocimientos con las personas de tu entorno.</p>`,
          },
          {
            title: 'Qué determina nuestra salud',
            description: `<p>Nuestra salud depende de mucho más que de los servicios sanitarios. Los expertos llaman a estos factores <strong>determinantes de la salud</strong>:</p>
<ul><li>Las condiciones de vida: vivienda, agua limpia, saneamiento y alimentos seguros.</li><li>La educación y los ingresos.</li><li>El apoyo de la familia, los amigos y los vecinos.</li><li>El acceso a los servicios de salud cuando los necesitamos.</li><li>Los hábitos diarios, como la alimentación, la actividad física y la higiene.</li></ul>
<p>Una comunidad puede mejorar por sí misma muchos de estos factores.</p>`,
          },
          {
            title: 'Lavarse las manos salva vidas',
            description: `<p>Lavarse las manos con agua y jabón es una de las formas más sencillas y eficaces de prevenir la diarrea y las infecciones respiratorias. Lávatelas durante al menos veinte segundos, frotando las palmas, el dorso, entre los dedos y bajo las uñas.</p>
<p>Los momentos clave son antes de preparar la comida, antes de comer, después de ir al baño, después de cambiar el pañal a un bebé y después de toser o estornudar. Donde no hay grifo, un sencillo lavamanos hecho con un recipiente de plástico lo pone fácil.</p>`,
          },
        ],
      },
      {
        title: 'Prevenir enfermedades comunes',
        description: '<p>Agua segura, higiene y conocer los recursos locales: medidas sencillas con un gran efecto.</p>',
        materials: [
          {
            title: 'Agua potable segura',
            description: `<p>El agua no segura transmite enfermedades como el cólera y la fiebre tifoidea. Si no estás seguro de que el agua sea potable, trátala antes de beberla: hiérvela a borbotones durante un minuto, usa pastillas de cloro según las instrucciones o utiliza un filtro adecuado.</p>
<p>Guarda el agua tratada en un recipiente limpio y tapado, y sírvela con un vaso limpio o mediante un grifo, para que las manos no toquen el agua.</p>`,
          },
          {
            title: 'Haz un mapa de los recursos de salud de tu comunidad',
            description: `<p>Dibuja un mapa sencillo de tu barrio o tu pueblo. Marca los lugares importantes para la salud: fuentes de agua, el centro de salud, la farmacia, las escuelas, los mercados y los lugares donde se acumula la basura.</p>
<p>Después responde a estas preguntas: ¿de dónde obtiene la gente el agua? ¿A qué distancia está el centro de salud más cercano? ¿Qué falta? Comparte tus conclusiones en el debate.</p>`,
            question: '¿Qué recurso de salud hace más falta en tu comunidad y quién podría ayudar a conseguirlo?',
          },
          {
            title: 'Comprueba lo que has aprendido',
            description:
              '<p>Cuatro preguntas sobre las lecciones vistas hasta ahora. Necesitas un 80 % para aprobar y puedes volver a intentarlo tantas veces como quieras.</p>',
            quiz: [
              {
                question: '¿Durante cuánto tiempo hay que lavarse las manos con jabón?',
                answers: ['Unos cinco segundos', 'Al menos veinte segundos', 'Dos minutos'],
                iscorrect: 2,
              },
              {
                question: '¿Cómo hay que hervir el agua para que sea segura para beber?',
                answers: ['Hasta que esté tibia', 'Durante diez segundos', 'Durante un minuto, a borbotones'],
                iscorrect: 3,
              },
              {
                question: '¿Cuál de estos es un determinante de la salud?',
                answers: ['El acceso a agua limpia', 'El color de tu ropa', 'Tu música favorita'],
                iscorrect: 1,
              },
              {
                question: '¿Cómo se debe guardar el agua tratada?',
                answers: ['En un cubo abierto', 'En un recipiente limpio y tapado', 'Al sol y sin tapa', 'En una lata de aceite usada'],
                iscorrect: 2,
              },
            ],
          },
        ],
      },
      {
        title: 'La salud en la comunidad',
        description: '<p>Cómo hablar de salud con otras personas y actuar juntos.</p>',
        materials: [
          {
            title: 'Hablar de salud con tus vecinos',
            description: `<p>Las personas cambian sus hábitos cuando confían en quien les habla y entienden por qué es importante. Primero escucha: pregunta qué saben ya y qué les preocupa. Usa palabras sencillas, ejemplos locales e imágenes en lugar de términos técnicos.</p>
<p>Céntrate en una o dos acciones prácticas a la vez, como lavarse las manos antes de comer. Respeta las creencias y la intimidad, y nunca compartas información sobre la salud de alguien sin su permiso. Cuando una pregunta supere lo que sabes, deriva a la persona a un trabajador de la salud.</p>`,
            question:
              'Piensa en un mensaje de salud que te gustaría compartir en tu comunidad. ¿Cómo lo explicarías de forma sencilla y respetuosa?',
          },
          {
            title: 'Opinión sobre el curso',
            description:
              '<p>Antes del examen final, cuéntanos qué te ha parecido este curso. La encuesta es anónima y dura unos dos minutos.</p>',
          },
          {
            title: 'Examen final',
            description:
              '<p>Este examen abarca todo el curso. Necesitas al menos un 80 % para aprobar y recibir tu certificado. Puedes repetirlo si lo necesitas.</p>',
            quiz: [
              {
                question: '¿De qué se ocupa la salud comunitaria?',
                answers: [
                  'Solo del tratamiento de cada paciente',
                  'Del bienestar de todas las personas que viven en un lugar',
                  'De construir hospitales',
                ],
                iscorrect: 2,
              },
              {
                question: '¿Cuál de estos es un momento clave para lavarse las manos?',
                answers: ['Antes de preparar la comida', 'Después de leer un libro', 'Solo antes de dormir'],
                iscorrect: 1,
              },
              {
                question: '¿Cuál es una buena forma de tratar el agua para beber?',
                answers: ['Añadirle azúcar', 'Dejarla reposar toda la noche', 'Hervirla durante un minuto'],
                iscorrect: 3,
              },
              {
                question: '¿Qué debes hacer primero al hablar de salud con tus vecinos?',
                answers: [
                  'Dar una larga charla',
                  'Escuchar lo que saben y lo que les preocupa',
                  'Usar tantos términos técnicos como sea posible',
                ],
                iscorrect: 2,
              },
              {
                question: '¿Qué debes hacer cuando una pregunta supera lo que sabes?',
                answers: ['Adivinar la respuesta', 'Ignorar la pregunta', 'Derivar a la persona a un trabajador de la salud'],
                iscorrect: 3,
              },
            ],
          },
        ],
      },
    ],
  },

  survey: {
    title: 'Danos tu opinión',
    description:
      '<p>Gracias por dedicar un momento a contarnos tu experiencia. Tus respuestas son anónimas y nos ayudan a mejorar nuestros cursos.</p>',
    description2: '<p>¡Gracias! Hemos recibido tus respuestas.</p>',
    questions: [
      'En una frase, ¿qué te ha resultado más útil?',
      '¿Qué podríamos mejorar? Cuéntanos todo lo que quieras.',
      '¿Cuántas horas a la semana sueles dedicar a estudiar con nosotros?',
      '¿Cómo conociste Open Learning Commons?\nPor un amigo o colega\nPor nuestro sitio web\nPor un boletín informativo\nPor las redes sociales\nOtro',
      'En general, ¿qué grado de satisfacción tienes con nuestros cursos?\nMuy satisfecho\nSatisfecho\nNi satisfecho ni insatisfecho\nInsatisfecho',
    ],
  },
};
