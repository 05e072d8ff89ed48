import type { PageSet } from '../text-types.ts';

export const es: PageSet = {
  home: {
    title: 'Inicio',
    meta: 'Open Learning Commons ofrece cursos en línea gratuitos en seis idiomas para agentes comunitarios, voluntarios y personas que quieren seguir aprendiendo.',
    blocks: {
      banner: {
        title: 'Aprende a tu ritmo y en tu idioma',
        body: '<p>Cursos gratuitos para quienes sirven a sus comunidades.</p>',
      },
      intro: {
        body: `<h2>Bienvenido a Open Learning Commons</h2>
<p>Somos una organización sin fines de lucro que pone al alcance de todos una formación práctica y de calidad, totalmente gratuita. Nuestros cursos están escritos por profesionales con experiencia y revisados por educadores, y todos se ofrecen en inglés, español, portugués, francés, árabe y alemán.</p>
<p>Estudia con tu propio horario o únete a un grupo dirigido por un instructor. Cada curso se compone de lecciones breves con lecturas, actividades y cuestionarios, y termina con un examen. Al aprobarlo, recibes un certificado que puedes compartir.</p>`,
      },
      welcome: {
        body: `<h2>¡Qué bueno verte de nuevo!</h2>
<p>Continúa donde lo dejaste desde <a href="/users/profile/enrollment">Mis clases</a>, o explora el <a href="/Courses">catálogo de cursos</a> para empezar algo nuevo.</p>`,
        body2: `<h2>¿Eres nuevo?</h2>
<p>Crear una cuenta lleva menos de un minuto. Con una cuenta puedes inscribirte en cursos, seguir tu progreso, participar en debates con otros estudiantes y obtener certificados.</p>
<p><a href="/register">Crea tu cuenta gratuita</a> o <a href="/login">inicia sesión</a> si ya tienes una.</p>`,
      },
      cards: {
        title: 'Empieza aquí',
        cards: [
          {
            title: 'Explora los cursos',
            description: '<p>Cursos breves y prácticos sobre aprendizaje en línea y salud comunitaria, todos con certificado.</p>',
          },
          { title: 'Cómo funciona', description: '<p>Regístrate, inscríbete en una clase y aprende a tu ritmo o con un grupo.</p>' },
          { title: 'Recursos', description: '<p>Consejos de estudio, guías y una breve encuesta para ayudarnos a mejorar.</p>' },
          { title: 'Quiénes somos', description: '<p>Quiénes somos, por qué hacemos este trabajo y cómo contactarnos.</p>' },
        ],
      },
      courses: {
        title: 'Nuestros cursos',
        body: '<p>Elige un curso para ver sus lecciones e inscribirte en una clase.</p>',
      },
      register: {
        title: 'Crea tu cuenta gratuita',
        body: '<p>Únete a miles de estudiantes de todo el mundo. El registro es gratuito y nunca vendemos tus datos.</p>',
      },
      languages: {
        title: 'Elige tu idioma',
        body: '<p>Todas nuestras páginas y cursos están disponibles en estos idiomas.</p>',
      },
    },
  },

  HowItWorks: {
    title: 'Cómo funciona',
    meta: 'Descubre cómo registrarte, inscribirte en un curso y obtener un certificado con Open Learning Commons.',
    blocks: {
      intro: {
        body: `<h2>Cómo funciona</h2>
<p>Aprender con nosotros es sencillo. Todo es gratuito y solo necesitas un navegador web y una dirección de correo electrónico. Sigue estos tres pasos para empezar.</p>`,
      },
      steps: {
        title: 'Tres pasos hacia tu certificado',
        cards: [
          {
            title: '1. Regístrate',
            description: '<p>Crea una cuenta gratuita con tu nombre y tu correo electrónico. Lleva menos de un minuto.</p>',
          },
          {
            title: '2. Inscríbete en un curso',
            description: '<p>Elige un curso y únete a una clase: estudia a tu ritmo o introduce el código que te dio tu instructor.</p>',
          },
          {
            title: '3. Aprende y certifícate',
            description: '<p>Completa las lecciones, responde los cuestionarios y aprueba el examen final para recibir tu certificado.</p>',
          },
        ],
      },
      groups: {
        body: `<h2>¿A tu ritmo o en grupo?</h2>
<p>Cada curso se puede realizar de dos maneras. En una <strong>clase a tu ritmo</strong> empiezas cuando quieras y avanzas a tu propia velocidad. En un <strong>grupo privado</strong> un instructor acompaña a un grupo de estudiantes a lo largo del curso durante algunas semanas, y el grupo comenta cada lección en conjunto.</p>
<p>Para unirte a un grupo, pide a tu instructor el código de registro de ocho caracteres e introdúcelo al inscribirte.</p>`,
      },
      faq: {
        title: 'Preguntas frecuentes',
        cards: [
          {
            title: '¿Los cursos tienen algún costo?',
            description:
              '<p>No. Todos los cursos y certificados son gratuitos. Nuestro trabajo se financia con donaciones y subvenciones.</p>',
          },
          {
            title: '¿Cuánto dura un curso?',
            description:
              '<p>La mayoría de los cursos requiere unas tres horas de estudio. En una clase a tu ritmo puedes repartirlas en tantos días como necesites.</p>',
          },
          {
            title: '¿Qué necesito para aprobar?',
            description:
              '<p>Necesitas obtener al menos un 80 % en el examen final. Puedes repetir los cuestionarios y el examen tantas veces como quieras.</p>',
          },
          {
            title: '¿Puedo cambiar de idioma?',
            description:
              '<p>Sí. Usa el menú de idiomas en la parte superior de la página. Tu progreso se guarda para cada versión lingüística de un curso.</p>',
          },
          {
            title: 'Olvidé mi contraseña. ¿Qué hago?',
            description:
              '<p>Usa el formulario de <a href="/passwordreset">restablecimiento de contraseña</a>. Te enviaremos una contraseña temporal a tu correo electrónico.</p>',
          },
        ],
      },
    },
  },

  Courses: {
    title: 'Cursos',
    meta: 'Cursos en línea gratuitos con certificado de Open Learning Commons.',
    blocks: {
      intro: {
        body: `<h2>Cursos</h2>
<p>Todos nuestros cursos son gratuitos, abiertos a todo el mundo y disponibles en seis idiomas. Elige un curso para ver sus lecciones y luego únete a una clase para comenzar.</p>`,
      },
      list: {
        title: 'Cursos disponibles',
      },
      groups: {
        body: `<h2>¿Estudias con un grupo?</h2>
<p>Si tu organización o tu instructor ha creado una clase privada, recibirás un código de registro. Abre el curso, elige <em>Unirse a este curso</em>, selecciona <em>Grupo privado</em> e introduce tu código.</p>`,
      },
    },
  },

  Resources: {
    title: 'Recursos',
    meta: 'Guías de estudio, consejos y enlaces útiles para los estudiantes de Open Learning Commons.',
    blocks: {
      intro: {
        body: `<h2>Recursos</h2>
<p>Aquí encontrarás material para aprovechar al máximo tus estudios.</p>
<ul>
<li><a href="/HowItWorks">Cómo funcionan nuestros cursos</a>, paso a paso</li>
<li><a href="/Courses">El catálogo de cursos</a> con todos los cursos actuales</li>
<li><a href="https://www.example.org/es/library">Nuestra biblioteca en línea</a> de guías y materiales</li>
</ul>`,
      },
      tips: {
        body: `<h2>Consejos para estudiar en línea</h2>
<ul>
<li>Reserva un momento fijo para estudiar, aunque sean solo veinte minutos al día.</li>
<li>Busca un lugar tranquilo y silencia las notificaciones mientras lees.</li>
<li>Toma apuntes con tus propias palabras; te ayuda a recordar.</li>
<li>Participa en los debates: explicar una idea a otros es la mejor forma de aprenderla.</li>
<li>No te preocupes por los errores en los cuestionarios. Siempre puedes volver a intentarlo.</li>
</ul>`,
      },
      survey: {
        title: 'Danos tu opinión',
        body: '<p>Tus comentarios nos ayudan a mejorar nuestros cursos. La encuesta dura unos dos minutos.</p>',
      },
    },
  },

  About: {
    title: 'Quiénes somos',
    meta: 'Open Learning Commons es una organización sin fines de lucro que ofrece formación gratuita en seis idiomas.',
    blocks: {
      story: {
        body: `<h2>Acerca de Open Learning Commons</h2>
<p>Open Learning Commons es una organización independiente sin fines de lucro. Creemos que una buena formación no debería depender del lugar donde vives, del idioma que hablas ni de lo que puedes pagar. Desde nuestra fundación ofrecemos todos los cursos de forma gratuita.</p>
<p>Nuestra historia comenzó con un pequeño grupo de docentes, enfermeras y organizadores comunitarios que compartían sus materiales de formación con colegas de otros países. Los materiales se fotocopiaban, los traducían voluntarios y pasaban de mano en mano. Pronto comprendimos que una plataforma en línea podía llegar a muchas más personas.</p>
<p>Hoy entre nuestros estudiantes hay voluntarios de salud, docentes, madres y padres, estudiantes y personal de organizaciones locales. Muchos estudian en un teléfono móvil con una conexión lenta, por eso mantenemos nuestras lecciones breves, ligeras y fáciles de leer.</p>
<p>Cada curso lo escriben profesionales con años de experiencia sobre el terreno y lo revisan educadores antes de publicarlo. Probamos cada lección con estudiantes reales y la revisamos según sus comentarios y los resultados de los cuestionarios y las encuestas.</p>
<p>El idioma es importante para nosotros. Nuestros cursos están disponibles en inglés, español, portugués, francés, árabe y alemán. Las traducciones las realizan traductores profesionales y las revisan hablantes nativos que trabajan en el sector, para que los términos que usamos sean los que la gente realmente usa.</p>
<p>Trabajamos con organizaciones asociadas que forman grupos de estudio, aportan instructores y ayudan a los estudiantes a aplicar lo que aprenden. Los instructores pueden crear clases privadas para sus grupos y seguir el progreso de cada participante.</p>
<p>Nuestro trabajo se financia con donaciones individuales, fundaciones y aportaciones en especie. No mostramos publicidad y nunca vendemos datos personales. Nuestro informe anual y nuestros estados financieros se publican en nuestro sitio web.</p>
<p>Respetamos tu privacidad. Solo recopilamos la información necesaria para gestionar tu cuenta y emitir certificados, y tú decides si se usan cookies opcionales. Puedes leer más en nuestra página de <a href="/OptOutPreferences">preferencias de cookies</a> y en nuestras <a href="/Terms_of_Use">condiciones de uso</a>.</p>
<p>¿Quieres ayudar? Damos la bienvenida a voluntarios como traductores, revisores e instructores. Escríbenos y cuéntanos un poco sobre ti.</p>`,
      },
      contact: {
        body: `<h2 id="contact">Contacto</h2>
<p>Correo electrónico: <a href="mailto:info@example.org">info@example.org</a><br>Dirección postal: Open Learning Commons, 12 Example Street, 1000 Example City</p>
<p>Respondemos los mensajes en nuestros seis idiomas, normalmente en un plazo de tres días hábiles.</p>`,
      },
    },
  },

  Terms_of_Use: {
    title: 'Condiciones de uso',
    meta: 'Condiciones de uso de la plataforma de aprendizaje Open Learning Commons.',
    blocks: {
      terms: {
        body: `<h2>Condiciones de uso</h2>
<p>Al crear una cuenta o utilizar este sitio web aceptas estas condiciones. Léelas con atención.</p>
<h3>1. El servicio</h3>
<p>Open Learning Commons ofrece cursos en línea gratuitos para uso educativo personal y no comercial. Podemos modificar o retirar cursos en cualquier momento.</p>
<h3>2. Tu cuenta</h3>
<p>Eres responsable de mantener en secreto tu contraseña y de la actividad de tu cuenta. La información que nos proporciones debe ser exacta. Puedes cerrar tu cuenta en cualquier momento escribiéndonos.</p>
<h3>3. Participación respetuosa</h3>
<p>En los debates, sé respetuoso y constructivo. No publiques contenido ilegal u ofensivo, ni que vulnere los derechos de otras personas. Podemos eliminar ese contenido y suspender las cuentas que incumplan estas normas.</p>
<h3>4. Contenidos y licencias</h3>
<p>Los materiales de los cursos están protegidos por derechos de autor. Puedes usarlos para tu propio aprendizaje y compartirlos con fines educativos no comerciales, citando a Open Learning Commons.</p>
<h3>5. Privacidad</h3>
<p>Tratamos tus datos personales únicamente para prestar el servicio, como se explica en nuestra página de <a href="/OptOutPreferences">preferencias de cookies</a>. Nunca vendemos tus datos.</p>
<h3>6. Responsabilidad</h3>
<p>Los cursos tienen un fin educativo general y no sustituyen el asesoramiento profesional. Hacemos lo posible por mantener el servicio disponible y correcto, pero no podemos garantizar que esté libre de errores o interrupciones.</p>
<p>¿Tienes preguntas sobre estas condiciones? <a href="/About#contact">Contáctanos</a>.</p>`,
      },
    },
  },

  OptOutPreferences: {
    title: 'Preferencias de cookies',
    meta: 'Cómo usa Open Learning Commons las cookies y cómo puedes elegir.',
    blocks: {
      cookies: {
        body: `<h2>Preferencias de cookies</h2>
<p>Las cookies son pequeños archivos de texto que un sitio web guarda en tu navegador. Usamos las menos posibles.</p>
<h3>Cookies necesarias</h3>
<p>Mantienen tu sesión iniciada y recuerdan tu idioma. El sitio no puede funcionar sin ellas, por eso están siempre activas. Nunca se usan para rastrearte.</p>
<h3>Cookies opcionales</h3>
<p>Algunas páginas insertan vídeos o utilizan servicios de otras empresas, que pueden instalar sus propias cookies y medir cómo se usa el sitio. Solo se activan si das tu consentimiento.</p>
<h3>Tu elección</h3>
<p>Usa los botones de esta página para aceptar o rechazar las cookies opcionales. Puedes cambiar de opinión en cualquier momento volviendo a esta página, que está enlazada al pie de todas las páginas. Tu elección se guarda en tu navegador y, si has iniciado sesión, también en tu cuenta.</p>`,
      },
    },
  },

  German: {
    title: 'Alemán',
    meta: 'Open Learning Commons para germanohablantes: cursos y páginas en alemán.',
    blocks: {
      welcome: {
        body: `<h2>Bienvenidos, germanohablantes</h2>
<p>Todos nuestros cursos y páginas están también disponibles en alemán. Esta página es el punto de partida para quienes prefieren estudiar en alemán.</p>
<p>Para ver todo el sitio en alemán, elige <em>Deutsch</em> en el menú de idiomas de la parte superior de la página.</p>`,
      },
      start: {
        body: `<h2>Primeros pasos</h2>
<ul>
<li><a href="/Courses">Explora los cursos</a> y abre la versión alemana de un curso.</li>
<li>Únete a la clase a tu ritmo en alemán y empieza por la primera lección.</li>
<li>¿Tienes preguntas? <a href="/About#contact">Escríbenos</a>; también respondemos en alemán.</li>
</ul>`,
      },
    },
  },

  'page-not-found': {
    title: 'Página no encontrada',
    meta: 'No se ha encontrado la página solicitada.',
    blocks: {
      notfound: {
        body: `<h2>Página no encontrada</h2>
<p>Lo sentimos, no hemos encontrado la página que buscabas. Es posible que se haya movido o eliminado.</p>
<p><a href="/">Ir a la página de inicio</a> o <a href="/Courses">ver nuestros cursos</a>.</p>`,
      },
    },
  },
  Privacy: {
    title: 'Aviso de privacidad',
    meta: 'Cómo usa Open Learning Commons los datos personales de sus estudiantes, y tus derechos.',
    blocks: {
      notice: {
        body: `<h2>Aviso de privacidad</h2>
<p>Open Learning Commons es una organización de formación sin fines de lucro. Este aviso explica qué datos personales guardamos sobre ti, por qué y qué puedes hacer al respecto.</p>
<h3>Qué guardamos</h3>
<p>Tu cuenta y perfil (nombre, correo electrónico y los datos que decidas dar), tus inscripciones y tu progreso, tus respuestas en cuestionarios y exámenes, tus certificados, tus publicaciones y respuestas, las respuestas a encuestas que das con la sesión iniciada, tus sesiones y tu elección de cookies, y una lista de los correos que te enviamos.</p>
<h3>Por qué</h3>
<p>Para gestionar tu cuenta, seguir tu progreso y emitir certificados que otros puedan verificar. Nunca vendemos tus datos.</p>
<h3>Tus derechos</h3>
<p>En tu área de cuenta puedes descargar una copia de todo lo que guardamos sobre ti (Descargar mis datos) y eliminar tu cuenta (Eliminar mi cuenta). Tras la eliminación, los certificados que obtuviste se pueden seguir verificando por su código, sin tu nombre, y tus publicaciones quedan como escritas por un antiguo estudiante.</p>
<h3>Cuánto tiempo</h3>
<p>Las cuentas se conservan mientras se usan. La organización puede fijar un plazo tras el cual se eliminan las cuentas inactivas; te avisaremos por correo 30 días antes.</p>
<h3>Contacto</h3>
<p>Para preguntas sobre tus datos, escríbenos a través de los datos de contacto de nuestra página Acerca de.</p>`,
      },
    },
  },
};
