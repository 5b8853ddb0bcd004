"""Each role's rules in plain words, in Russian (the default) and English, as a player reads them on his
role card or a host with `помощь РОЛЬ`.

The texts retell the rule book (/work/shared/rules/ranked-mafia.ru.txt) and its rulings (RULINGS.md),
using the book's own formulas where they fit. Actions are named by their display names
(text/names.py) in «…», never by id: a player never sees an id. The role modules' docstrings stay the
reference for programmers (docs/roles.md); these texts are for the table.
"""

from __future__ import annotations

# The three ranked mafiosi share one text; "{rank}" is filled in, since only the rank differs.
_RANKED = {
    "ru": ("Вы — мафиози {rank}-го ранга и играете за мафию. В начале игры боссом мафии является 1-й ранг; после"
           " его смерти боссом становится 2-й ранг, после гибели 2-го — 3-й. Каждую ночь босс выбирает одно "
           "действие мафии: «убить» одного или двоих игроков, «убить и запугать», «запугать» от одного до трёх "
           "игроков (до двоих, когда живых меньше 10) или «вопрос Совету» — вопрос ведущему, на который он отвечает"
           " «да» или «нет». После двойного действия ник босса с вероятностью 75% раскрывается перед городом, а "
           "на следующий день его голос не засчитывается (об этом не объявляют); голос пропадает и тогда, когда "
           "он запугал половину живых или больше. Когда в игре всего три участника, мафия не может убивать "
           "двоих. Действие может отправить любой ранговый мафиози; в силе действие старшего по рангу. Мафия "
           "побеждает, когда остальные враждебные городу стороны выбыли, а мафиози не меньше половины живых."),
    "en": ("You are the rank-{rank} mafioso and play for the mafia. The rank-1 mafioso is the boss at the "
           "start; when he dies rank 2 becomes boss, then rank 3. Each night the boss chooses one mafia "
           "action: «kill» one or two players, «kill and intimidate», «intimidate» one to three players (two "
           "when fewer than 10 are alive) or «ask the Council» a yes/no question. A double action exposes "
           "the boss to the town with a 75% chance and costs him his vote the next day, silently; so does "
           "intimidating half of the living or more. With only three players left the mafia cannot kill "
           "two. Any ranked mafioso may send the action; the highest rank's one stands. The mafia wins when "
           "it is the last side hostile to the town and holds at least half of the living."),
}

# Who becomes boss before whom (RULINGS.md, "Boss succession"): each of these roles is told who must be
# gone first, since the book's "после смерти ранговой мафии" alone would mislead all but the journalist.
_BEFORE = {
    "ru": {"mafia_journalist": "ранговой мафии", "alcoholic": "ни ранговой мафии, ни журналиста мафии",
           "blackmailer": "ни ранговой мафии, ни журналиста мафии, ни алкоголика",
           "thug": "ни ранговой мафии, ни журналиста мафии, ни алкоголика, ни шантажиста"},
    "en": {"mafia_journalist": "ranked mafioso", "alcoholic": "ranked mafioso or mafia journalist",
           "blackmailer": "ranked mafioso, mafia journalist or alcoholic",
           "thug": "ranked mafioso, mafia journalist, alcoholic or blackmailer"},
}


def _boss_note(role_id: str, lang: str) -> str:
    if lang == "ru":
        return f"Если не осталось {_BEFORE['ru'][role_id]}, вы становитесь боссом мафии со всеми его правами"
    return f"If no {_BEFORE['en'][role_id]} is left, you become the mafia boss with all his rights"


RULES: dict[str, dict[str, str]] = {
    "ru": {
        "civilian": (
            "Вы — мирный житель и играете за город. Ночных действий у вас нет. Днём вы голосуете: красным "
            "за того, кого хотите повесить, или синим, чтобы не вешать никого. Ищите мафию и одиночек по "
            "разговорам и итогам ночей. Город побеждает, когда в живых не осталось ни мафии, ни "
            "враждебных одиночек."),
        "mafia_journalist": (
            "Вы — журналист мафии, подкупленный мафией репортёр, и играете за мафию. Ночью ваше действие "
            "«интервью»: вы узнаёте роль выбранного игрока. Ведущий сообщает результат не вам в личку, а "
            "при объявлении итогов, без имён: «Этой ночью журналист брал интервью у комиссара». "
            f"{_boss_note('mafia_journalist', 'ru')} и теряете «интервью». Вы побеждаете вместе с мафией."),
        "lawyer": (
            "Вы — адвокат и играете за мафию. Ночью ваше действие «отмазать»: вы указываете на игрока, "
            "и если днём его пытаются повесить, ведущий объявляет, что обречённый отмазан и не вешается "
            "никто. Отмазывать можно любого, в том числе себя, и одного и того же каждую ночь. Если вас "
            "убили ночью или вы стали боссом, отмаза на этот день сохраняется. Прокурор может снять "
            "отмазу. Боссом вы становитесь, только если остались последним мафиози, и тогда теряете "
            "«отмазать». Вы побеждаете вместе с мафией."),
        "alcoholic": (
            "Вы — алкоголик и играете за мафию. Ночью ваше действие «споить»: жертва ничего не делает этой "
            "ночью, а её сегодняшний ход срабатывает следующей ночью вместо нового; если жертва умирает, ход "
            "не срабатывает. Голоса споенный не лишается. Ваш ход сильнее блока мента, девочки и других. "
            "Нельзя ходить к одной и той же цели две ночи подряд. Если к вашей цели приходит маньяк с "
            "кровавым убийством, умираете и вы. "
            f"{_boss_note('alcoholic', 'ru')} и теряете «споить». Вы побеждаете вместе с мафией."),
        "blackmailer": (
            "Вы — шантажист и играете за мафию. Ночью ваше действие «заблокировать»: цель не совершает "
            "ночного действия и с вероятностью 50% лишается голоса днём. При взаимном блоке с ментом или "
            "девочкой ваш блок сильнее. Блок не защищает цель от убийства, проверки и прочего. Ходить к "
            "себе нельзя, к одному и тому же игроку — сколько угодно. Если к вашей цели приходит маньяк с "
            "кровавым убийством, умираете и вы. "
            f"{_boss_note('blackmailer', 'ru')}, но сохраняете блок: за ночь одно действие на выбор. "
            "Вы побеждаете вместе с мафией."),
        "thug": (
            "Вы — громила и играете за мафию. Ночью ваше действие «заблокировать»: цель не совершает ночного "
            "действия и с вероятностью 50% лишается голоса днём. При взаимном блоке с ментом или девочкой "
            "ваш блок сильнее. Блок не защищает цель от убийства, проверки и прочего. Ходить к себе нельзя, "
            "к одному игроку — не две ночи подряд (когда в игре трое, можно). Если к вашей цели приходит "
            "маньяк с кровавым убийством, умираете и вы. "
            f"{_boss_note('thug', 'ru')}, но сохраняете блок: за ночь одно действие на выбор. "
            "Вы побеждаете вместе с мафией."),
        "commissar": (
            "Вы — комиссар и играете за город. Каждую ночь одно из двух действий. «Проверить»: ведущий "
            "говорит, мафия перед вами или нет, без ранга и роли; снайпер виден как снайпер. «Убить»: с "
            "вероятностью 50% город узнаёт, что убитый — ваша жертва, а когда живых 10 или меньше, с "
            "вероятностью 50% раскрывается роль жертвы. Сержант узнаёт результаты ваших проверок и займёт "
            "ваше место, если вас убьют. Город побеждает, когда в живых не осталось ни мафии, ни враждебных "
            "одиночек."),
        "sergeant": (
            "Вы — сержант и играете за город. Своих ночных действий у вас нет: вы сотрудничаете с "
            "комиссаром и узнаёте результат каждой его проверки вместе с ним. Если комиссара убивают, вы "
            "занимаете его место и получаете его действия «проверить» и «убить». Город побеждает, когда в "
            "живых не осталось ни мафии, ни враждебных одиночек."),
        "doctor": (
            "Вы — доктор и играете за город. Каждую ночь одно действие. «Лечить» спасает выбранного игрока "
            "(можно себя) от всех убийц; одного и того же две ночи подряд нельзя, пока в игре больше трёх. "
            "«Лечить от роли» спасает всех жертв этой роли за ночь, обеих жертв мафии тоже; не от одной и "
            "той же роли две ночи подряд, и не когда живых 10 или меньше. «Сыворотка правды» раскрывает "
            "роль цели, а ваш ник с вероятностью 50% раскрывается; когда живых меньше 15, не две ночи "
            "подряд. «Отравить» лишает цель голоса на два дня без раскрытия роли. Ваш синий голос "
            "засчитывается за три. Город побеждает, когда в живых не осталось ни мафии, ни враждебных "
            "одиночек."),
        "girl": (
            "Вы — девочка и играете за город. Ночью ваше действие «заблокировать»: если цель — роль, все её "
            "действия этой ночи отменяются; мафию вы останавливаете, только придя к боссу. От убийства, "
            "сыворотки, запугивания и проверок вы цель не спасаете. С вероятностью 50% цель лишается голоса "
            "днём: «Сегодня Вася лишён возможности голосовать». Если к цели приходит маньяк с кровавым "
            "убийством, умираете и вы. К себе ходить нельзя, к одному игроку — не две ночи подряд (когда в "
            "игре трое, можно). Город побеждает, когда в живых не осталось ни мафии, ни враждебных одиночек."),
        "cop": (
            "Вы — мент и играете за город. Ночью ваше действие «охранять»: как девочка, вы отменяете все "
            "действия цели, а кроме того спасаете её от смерти и всех внешних воздействий, кроме отмазы "
            "адвоката и проверок. Исключение — кровавое убийство маньяка: тогда вы умираете вместе с целью. "
            "С вероятностью 50% цель лишается голоса днём. Блок срабатывает раньше выстрела стрелка, к "
            "которому вы пришли. Себя охранять нельзя, одного игрока — не две ночи подряд (когда в игре "
            "трое, можно). Город побеждает, когда в живых не осталось ни мафии, ни враждебных одиночек."),
        "town_journalist": (
            "Вы — городской журналист и играете за город. Ночью ваше действие «сравнить двоих»: вы "
            "выбираете двух живых игроков, и ведущий говорит, за одну они сторону или за разные. Сторон три: "
            "мафия, город, одиночки. Себя сравнивать нельзя; одного и того же игрока можно сравнивать "
            "каждую ночь. Проверка проходит, даже если одного из двоих этой ночью убьют. Город побеждает, "
            "когда в живых не осталось ни мафии, ни враждебных одиночек."),
        "shahid": (
            "Вы — шахид и играете за город. Ночью ваше действие «указать»: если этой ночью вас убивают, "
            "указанный игрок умирает вместе с вами, даже если вас вылечил доктор. Если вас охраняет мент, не "
            "погибает никто; если к вам приходит девочка, вы погибаете, а ваша жертва нет. Одного и того же "
            "нельзя указывать две ночи подряд (когда в игре трое, можно). Город побеждает, когда в живых не "
            "осталось ни мафии, ни враждебных одиночек."),
        "rake": (
            "Вы — повеса и играете за город. Ночью ваше действие «указать»: если днём вас вешают на "
            "голосовании, указанный игрок вешается вместе с вами. Если вы или ваша жертва отмазаны, "
            "отмазанный не вешается. Одного и того же нельзя указывать две ночи подряд (когда в игре трое, "
            "можно). Город побеждает, когда в живых не осталось ни мафии, ни враждебных одиночек."),
        "witness": (
            "Вы — свидетель и играете за город. Ночью ваше действие «следить»: если выбранного игрока "
            "пытались убить, ведущий называет вам ник убийцы, без роли; если убивала мафия — ник босса. Вы видите "
            "убийцу, даже если жертву вылечили или спасли, но заблокированного убийцу вы не увидите. "
            "К одному игроку нельзя приходить две ночи подряд (когда в игре трое, можно). Город побеждает, "
            "когда в живых не осталось ни мафии, ни враждебных одиночек."),
        "avenger": (
            "Вы — хохол и играете за город. Ночных действий у вас нет. Если вас убивают ночью, убийца "
            "умирает вместе с вами; если убивает мафия — только босс; если трое — все трое. Если к вам "
            "этой ночью приходит блокер, умираете только вы; если доктор или мент — не умирает никто. Если "
            "вас вешают днём, голосовавшие против вас не умирают. Оставшись один на один с враждебной "
            "стороной, вы проигрываете. Город побеждает, когда в живых не осталось ни мафии, ни враждебных "
            "одиночек."),
        "sheriff": (
            "Вы — шериф и играете за город. Проверять документы вы не умеете, зато метко стреляете: ночью "
            "ваше действие «убить». В кого стрелять — решаете только вы, так что цельтесь в мафию и "
            "одиночек. Город побеждает, когда в живых не осталось ни мафии, ни враждебных одиночек."),
        "vagrant": (
            "Вы — бомж и играете за город. Ночью ваше действие «проверить»: как и комиссар, вы узнаёте от "
            "ведущего, мафия перед вами или нет. Убивать вы не можете. Если вас заблокировали, результата "
            "нет. Город побеждает, когда в живых не осталось ни мафии, ни враждебных одиночек."),
        "prosecutor": (
            "Вы — прокурор и играете за город. Ночью ваше действие «снять отмазу»: вы указываете на "
            "игрока, и если угадали, его отмаза на следующий день снимается, и его можно повесить на "
            "голосовании. Если вы голосуете красным, ваш голос засчитывается за два. Город побеждает, когда "
            "в живых не осталось ни мафии, ни враждебных одиночек."),
        "handsome": (
            "Вы — красавчик и играете за город. Ночных действий у вас нет. Вас нельзя вылечить, сыворотка "
            "правды вас не раскрывает, и вас нельзя повесить: голосование против вас не вешает никого. Кто "
            "вас убьёт, получит отмазу на следующем голосовании. При вашей смерти роль раскрывается всегда. "
            "Город побеждает, когда в живых не осталось ни мафии, ни враждебных одиночек."),
        "mercenary": (
            "Вы — наёмник и играете за город. Ночью ваше действие «наняться»: вы указываете нанимателя и, "
            "если хотите, жертву. Если наниматель — боеспособная роль (комиссар, маньяк, снайпер, ранговая "
            "мафия и т. п.; путана — нет), найм удачен, и вы можете «убить» любого, кроме нанимателя, в "
            "ту же ночь или позже, пока наниматель жив. Удался ли найм, ведущий сообщает вам в личку; роль "
            "нанимателя вам не открывается. Если убийство по найму совершено, к этому нанимателю больше "
            "наняться нельзя. Город побеждает, когда в живых не осталось ни мафии, ни враждебных "
            "одиночек."),
        "reanimator": (
            "Вы — реаниматор и играете за город. Вы ходите последним: ведущий называет вам всех убитых за "
            "ночь, без ролей. Ваше действие «оживить» спасает одного из них на ваш выбор, как лечение "
            "доктора; можно не оживлять никого. Себя оживить нельзя, одного и того же — не две ночи подряд "
            "(когда в игре трое, можно). Город побеждает, когда в живых не осталось ни мафии, ни враждебных "
            "одиночек."),
        "dandelion": (
            "Вы — божий одуванчик и играете за город. Ночных действий у вас нет. Вы погибаете от любого "
            "воздействия, направленного на вас: проверки, блока, лечения, отмазы и т. п. Город побеждает, "
            "когда в живых не осталось ни мафии, ни враждебных одиночек."),
        "postman": (
            "Вы — почтальон и играете за город. Ночью ваше действие «доставить проверку»: вы называете два "
            "имени — кого проверяете и кому отправляете письмо. Получатель узнаёт, мафия проверенный или "
            "нет; сами вы ничего не узнаёте, и в итогах это не указывается. Одному игроку письмо можно "
            "передать только один раз. Город побеждает, когда в живых не осталось ни мафии, ни враждебных "
            "одиночек."),
        "werewolf": (
            "Вы — оборотень. Сначала вы играете за город как мирный житель, без ночных действий. Если "
            "маньяк умирает, вы сами становитесь маньяком, ведущий сообщает вам это в личку, и дальше вы "
            "играете по правилам маньяка и побеждаете как он. Сыворотка правды до обращения покажет «мирный», "
            "после — «маньяк»."),
        "maniac": (
            "Вы — маньяк и играете сам за себя. Каждую ночь одно действие. «Кровавое убийство»: роль жертвы "
            "раскрывается, город узнаёт, что это ваша жертва, а девочка, мент и другие блокеры, пришедшие к "
            "ней, умирают тоже. «Быстрое убийство» не оставляет улик. «Пытать»: жертва лишается голоса на "
            "два дня, её ночной ход не блокируется, с вероятностью 50% город узнаёт, что это ваших рук дело. "
            "Ваш ник при этом не раскрывается. Вы побеждаете, когда остались единственной враждебной городу "
            "стороной и вас не меньше половины живых."),
        "courtesan": (
            "Вы — путана и играете сама за себя (или в связке с маньяком, если так задано в раскладе). "
            "Ночью «заразить»: клиент умирает на следующую ночь и с вероятностью 50% лишается голоса днём; "
            "его спасает лечение доктора в ночь заражения или следующую, а также девочка в ночь заражения. "
            "Или «соблазнить»: клиент без заражения лишается голоса на следующий день. В связке вы "
            "побеждаете вместе с маньяком, одна — когда остались единственной враждебной городу стороной "
            "и вас не меньше половины живых."),
        "joker": (
            "Вы — джокер и играете сам за себя. Ночью ваше действие «копировать роль»: вы берёте любую "
            "роль из расклада и применяете одно её действие со всеми её ограничениями и последствиями. Ваше "
            "действие слабее, чем у настоящей роли: мента или девочку, отписавших ход, вы не заблокируете, "
            "но убивающую вас роль убить можете (кроме снайпера). Каждую ночь нужно менять роль, действие и "
            "цель. Выигрываете только в одиночку."),
        "double_agent": (
            "Вы — двойной агент и играете сам за себя; эта роль бывает в играх с двумя кланами мафии. "
            "Вы состоите в обоих кланах и в каждом имеете свой ранг, можете оказаться даже боссом; "
            "никто не знает, кто из мафиози — вы. "
            "В таких играх клан решает, кого убить, голосованием, и голос босса весит полтора. Ни один клан "
            "не победит, пока вы живы. Выиграть вы можете только в одиночку."),
        "sniper": (
            "Вы — снайпер, маньяк-одиночка, и играете сам за себя. Ночью ваше действие «убить». Если к вам "
            "идёт один убийца, а вы этой же ночью стреляете в него, он погибает, не успев сделать ход. Роли "
            "ваших жертв не раскрываются никогда. Комиссар при проверке узнаёт, что вы снайпер. Вы "
            "побеждаете, когда остались единственной враждебной городу стороной и вас не меньше половины "
            "живых."),
        "fan": (
            "Вы — фанат и играете на стороне маньяка. Ночью «искать маньяка»: двух игроков за ночь, пока "
            "живых больше 10, потом одного. Со следующей ночи после того, как нашли, вы защищаете его одним "
            "из двух действий: «закрыть собой» — если маньяка убивают, умираете вы вместо него; «взять вину "
            "на себя» — если маньяка вешают, вешают вас (если отмазаны вы, не вешается никто). Пока роли "
            "раскрываются, о вашей смерти объявят как о смерти маньяка. Вы побеждаете вместе с маньяком."),
        "detective": (
            "Вы — детектив. Сторону (город, мафия или маньяк) вам назначает случай при раздаче, и от неё "
            "зависит, кого вы ищете: за город — босса мафии, за мафию — комиссара, за маньяка — того, кого "
            "выбрал маньяк: комиссара или босса мафии. Ночью ваше действие «расследовать»: ведущий "
            "говорит, тот ли это, кого вы ищете; "
            "если да, вы узнаёте и главу своей стороны. Раскрываться ему не обязательно. Вы побеждаете "
            "вместе со своей стороной."),
        "cardsharp": (
            "Вы — шулер и играете сам за себя. Каждую ночь одно действие: «перетасовать (лечит себя)»; "
            "«заблокировать» — с вероятностью 50% блокирует цель (девочку и мента, отписавших ход, не "
            "блокирует); «подсмотреть» — вы узнаёте сегодняшнее действие цели, а заблокированный игрок или "
            "ранговый мафиози, не являющийся боссом, покажет, что ничего не делал. К одному игроку нельзя "
            "приходить две ночи подряд (когда в игре трое, можно). Вы побеждаете, если живы в конце игры и "
            "в городе не осталось стреляющих ролей."),
        "highlander": (
            "Вы — горец и играете сам за себя. Ночью ваше действие «убить». Вы практически бессмертны: "
            "погибаете только от кровавого убийства маньяка, от мести хохла или через повешение. Вы "
            "побеждаете, когда остались единственной враждебной городу стороной и вас не меньше половины "
            "живых."),
    },
    "en": {
        "civilian": (
            "You are a civilian and play for the town. You have no night action. By day you vote: red for "
            "whom you want hanged, or blue to hang nobody. Find the mafia and the loners by talk and by the "
            "night summaries. The town wins when no mafioso and no hostile loner is left alive."),
        "mafia_journalist": (
            "You are the mafia journalist, a reporter bribed by the mafia, and play for the mafia. Your night "
            "action is «interview»: you learn the chosen player's role. The host gives the result not to you "
            "privately but in the night summary, without names: \"Tonight the journalist interviewed the "
            f"commissar.\" {_boss_note('mafia_journalist', 'en')} and lose «interview». You win with the mafia."),
        "lawyer": (
            "You are the lawyer and play for the mafia. Your night action is «defend»: you point at a player, "
            "and if the vote would hang him the next day, the host announces he is defended and nobody is "
            "hanged. You may defend anyone, yourself included, and the same player every night. If you are "
            "killed that night or become boss, the defense still holds for the day. The prosecutor can lift "
            "it. You become boss only as the last mafioso, and then lose «defend». You win with the mafia."),
        "alcoholic": (
            "You are the alcoholic and play for the mafia. Your night action is «get drunk»: your target does "
            "nothing tonight, and tonight's action of his happens the next night instead of a new one; if he "
            "dies, it never happens. He keeps his vote. Your visit beats the cop's, the girl's and every other "
            "block. Not the same target two nights running. If the maniac's bloody kill comes to your target, "
            f"you die too. {_boss_note('alcoholic', 'en')} and lose «get drunk». You win with the mafia."),
        "blackmailer": (
            "You are the blackmailer and play for the mafia. Your night action is «block»: your target makes "
            "no night action and, with a 50% chance, cannot vote by day. In a mutual block with the cop or the "
            "girl yours stands. It does not protect the target from a kill, a check or anything else. Not "
            "yourself; the same player as often as you like. If the maniac's bloody kill comes to your target, "
            f"you die too. {_boss_note('blackmailer', 'en')}, but keep your block: one action a night, "
            "your choice. You win with the mafia."),
        "thug": (
            "You are the thug and play for the mafia. Your night action is «block»: your target makes no "
            "night action and, with a 50% chance, cannot vote by day. In a mutual block with the cop or the "
            "girl yours stands. It does not protect the target from a kill, a check or anything else. Not "
            "yourself; not the same player two nights running (allowed when three are left). If the maniac's "
            f"bloody kill comes to your target, you die too. {_boss_note('thug', 'en')}, but keep your block: one "
            "action a night, your choice. You win with the mafia."),
        "commissar": (
            "You are the commissar and play for the town. Each night one of two actions. «Check»: the host "
            "tells you whether the player is mafia or not, without rank or role; a sniper shows as a sniper. "
            "«Kill»: with a 50% chance the town learns the victim was yours, and at 10 alive or fewer the "
            "victim's role is revealed with a 50% chance. The sergeant learns your checks and takes your "
            "place if you are killed. The town wins when no mafioso and no hostile loner is left alive."),
        "sergeant": (
            "You are the sergeant and play for the town. You have no night action of your own: you work with "
            "the commissar and learn every check of his with him. If the commissar is killed, you take his "
            "place with his «check» and «kill». The town wins when no mafioso and no hostile loner is left "
            "alive."),
        "doctor": (
            "You are the doctor and play for the town. One action a night. «Heal» saves the player (yourself "
            "included) from every killer; not the same player two nights running while more than three are "
            "alive. «Heal from a role» saves all that role's victims tonight, both mafia victims included; "
            "not the same role two nights running, and not at 10 alive or fewer. «Truth serum» reveals the "
            "target's role, and your nickname is exposed with a 50% chance; below 15 alive, not two nights "
            "running. «Poison» takes the target's vote for two days without revealing his role. Your blue "
            "vote counts three. The town wins when no mafioso and no hostile loner is left alive."),
        "girl": (
            "You are the girl and play for the town. Your night action is «block»: if the target has a role, "
            "all its actions tonight are cancelled; you stop the mafia only by visiting the boss. You do not "
            "save the target from a kill, the serum, intimidation or checks. With a 50% chance the target "
            "cannot vote by day, announced. If the maniac's bloody kill comes to your target, you die too. "
            "Not yourself; not the same player two nights running (allowed when three are left). The town "
            "wins when no mafioso and no hostile loner is left alive."),
        "cop": (
            "You are the cop and play for the town. Your night action is «guard»: like the girl, you cancel "
            "all the target's actions, and you also save him from death and every outside effect except the "
            "lawyer's defense and checks. The exception is the maniac's bloody kill: then you die with the "
            "target. With a 50% chance the target cannot vote by day. Your block comes before the shot of a "
            "shooter you visit. Not yourself; not the same player two nights running (allowed when three are "
            "left). The town wins when no mafioso and no hostile loner is left alive."),
        "town_journalist": (
            "You are the town journalist and play for the town. Your night action is «compare two»: you pick "
            "two living players and the host tells you whether they play for the same side. There are three "
            "sides: mafia, town, loners. Not yourself; the same player may be compared every night. The "
            "result holds even if one of them dies that night. The town wins when no mafioso and no hostile "
            "loner is left alive."),
        "shahid": (
            "You are the shahid and play for the town. Your night action is «mark»: if you are attacked that "
            "night, the marked player dies with you, even if the doctor saves you. If the cop guards you, "
            "nobody dies; if the girl visits you, you die and your mark does not. Not the same player two "
            "nights running (allowed when three are left). The town wins when no mafioso and no hostile "
            "loner is left alive."),
        "rake": (
            "You are the rake and play for the town. Your night action is «mark»: if you are hanged by day, "
            "the marked player is hanged with you. If you or your mark is defended, the defended one is not "
            "hanged. Not the same player two nights running (allowed when three are left). The town wins "
            "when no mafioso and no hostile loner is left alive."),
        "witness": (
            "You are the witness and play for the town. Your night action is «watch»: if anyone tried to kill "
            "that player, the host tells you the killer's nickname, without role; for the mafia, the boss's. "
            "You see the killer even if the victim was saved, but a blocked killer shows nothing. Not the "
            "same player two nights running (allowed when three are left). The town wins when no mafioso "
            "and no hostile loner is left alive."),
        "avenger": (
            "You are the avenger and play for the town. You have no night action. Whoever kills you at "
            "night dies with you; for the mafia, only the boss; three killers, all three. If a blocker visits "
            "you that night, only you die; if the doctor or the cop does, nobody dies. If you are hanged, "
            "those who voted against you do not die. Left one-on-one with a hostile side, you lose. The town "
            "wins when no mafioso and no hostile loner is left alive."),
        "sheriff": (
            "You are the sheriff and play for the town. You cannot check papers, but you shoot straight: "
            "your night action is «kill». Whom to shoot is your call alone, so aim at the mafia and the "
            "loners. The town wins when no mafioso and no hostile loner is left alive."),
        "vagrant": (
            "You are the vagrant and play for the town. Your night action is «check»: like the commissar, "
            "you learn from the host whether the player is mafia or not. You cannot kill. If you are blocked, "
            "you get no result. The town wins when no mafioso and no hostile loner is left alive."),
        "prosecutor": (
            "You are the prosecutor and play for the town. Your night action is «lift a defense»: you point "
            "at a player, and if you guessed right, his defense for the next day is lifted and he can be "
            "hanged. Your red vote counts two. The town wins when no mafioso and no hostile loner is left "
            "alive."),
        "handsome": (
            "You are the handsome and play for the town. You have no night action. You cannot be healed, "
            "the truth serum shows nothing, and you cannot be hanged: a vote against you hangs nobody. "
            "Whoever kills you gets a defense at the next vote. Your role is always revealed when you die. "
            "The town wins when no mafioso and no hostile loner is left alive."),
        "mercenary": (
            "You are the mercenary and play for the town. Your night action is «hire out»: you name an "
            "employer and, if you like, a victim. If the employer is a killing role (commissar, maniac, "
            "sniper, ranked mafia and so on; not the courtesan), the hire succeeds and you may «kill» anyone "
            "but the employer, that night or later while he lives. The host tells you privately whether the "
            "hire worked; the employer's role stays hidden. Each employer only once per game once the kill is "
            "used. The town wins when no mafioso and no hostile loner is left alive."),
        "reanimator": (
            "You are the reanimator and play for the town. You act last: the host tells you everyone killed "
            "tonight, without roles. Your action «revive» saves one of them, as the doctor's heal does; you "
            "may revive nobody. Not yourself; not the same player two nights running (allowed when three are "
            "left). The town wins when no mafioso and no hostile loner is left alive."),
        "dandelion": (
            "You are the dandelion and play for the town. You have no night action. You die of any action "
            "aimed at you: a check, a block, a heal, a defense and so on. The town wins when no mafioso and "
            "no hostile loner is left alive."),
        "postman": (
            "You are the postman and play for the town. Your night action is «deliver a check»: you name two "
            "players, whom you check and who gets the letter. The recipient learns whether the checked player "
            "is mafia or not; you learn nothing, and the summary does not mention it. Never the same "
            "recipient twice. The town wins when no mafioso and no hostile loner is left alive."),
        "werewolf": (
            "You are the werewolf. At first you play for the town as a civilian, with no night action. If the "
            "maniac dies, you become the maniac, the host tells you privately, and from then on you play by "
            "the maniac's rules and win as he does. The truth serum shows \"civilian\" before the change and "
            "\"maniac\" after."),
        "maniac": (
            "You are the maniac and play for yourself. One action a night. «Bloody kill»: the victim's role is "
            "revealed, the town learns the victim was yours, and a girl, cop or other blocker visiting the "
            "victim dies too. «Quick kill» leaves no evidence. «Torture»: the victim cannot vote for two days, "
            "his own night action still happens, and with a 50% chance the town learns it was you. Your "
            "nickname is never exposed. You win when you are the last side hostile to the town and at least "
            "half of the living."),
        "courtesan": (
            "You are the courtesan and play for yourself (or on the maniac's team, if the setup pairs you). "
            "At night «infect»: the client dies the next night and, with a 50% chance, cannot vote tomorrow; "
            "the doctor's heal that night or the next, or a girl's visit that night, saves him. Or «seduce»: "
            "no infection, but the client cannot vote the next day. Paired, you win with the maniac; alone, "
            "when you are the last side hostile to the town and at least half of the living."),
        "joker": (
            "You are the joker and play for yourself. Your night action is «copy a role»: you take any role in "
            "the setup and use one of its actions, with all its limits and consequences. Yours is weaker than "
            "the real role's: you cannot block a cop or girl who sent an action, but you may kill a role that "
            "is killing you (except the sniper). Each night change the role, the action and the target. You "
            "win only alone."),
        "double_agent": (
            "You are the double agent and play for yourself, in games with two mafia clans. You belong to "
            "both clans with a rank in each, maybe even as boss; nobody knows which mafioso you are. "
            "In such games each clan "
            "decides its kill by a vote, the boss's vote weighing one and a half. Neither clan can win while "
            "you live. You win only alone."),
        "sniper": (
            "You are the sniper, a lone maniac, and play for yourself. Your night action is «kill». If one "
            "killer comes for you and you shoot him that same night, he dies before he acts. Your victims' "
            "roles are never revealed. The commissar's check shows you as the sniper. You win when you are "
            "the last side hostile to the town and at least half of the living."),
        "fan": (
            "You are the fan and play on the maniac's side. At night «search for the maniac»: two players a "
            "night while more than 10 are alive, then one. From the night after you find him you protect him "
            "with one of two actions: «shield him», dying in his place if he is killed, or «take the blame», "
            "being hanged in his place (if you are defended, nobody is hanged). While roles are revealed, "
            "your death is announced as the maniac's. You win with the maniac."),
        "detective": (
            "You are the detective. Your side (town, mafia or the maniac's) is drawn at random when roles "
            "are dealt, and it sets your quarry: the mafia boss for the town, the commissar for the mafia, "
            "the maniac's choice of the two for his team. Your night action is «investigate»: the host "
            "tells you whether "
            "this is your quarry; if so, you also learn who heads your side. You need not reveal yourself to "
            "him. You win with your side."),
        "cardsharp": (
            "You are the cardsharp and play for yourself. One action a night: «shuffle (heals himself)»; "
            "«block», which blocks the target with a 50% chance (never a girl or cop who sent an action); "
            "«peek», which shows the target's action tonight, a blocked player or a ranked mafioso who is "
            "not boss showing that he did nothing. Not the same player two nights running (allowed when three "
            "are left). You win if you are alive at the end and no killing role is left."),
        "highlander": (
            "You are the highlander and play for yourself. Your night action is «kill». You are all but "
            "immortal: only the maniac's bloody kill, the avenger's revenge or hanging can end you. You win "
            "when you are the last side hostile to the town and at least half of the living."),
    },
}


def role_rules(role_id: str, lang: str = "ru") -> str:
    """The role's rules in plain words; an unknown language falls back to Russian, an unknown role to ""."""
    lang = lang if lang in RULES else "ru"
    if role_id in ("mafia1", "mafia2", "mafia3", "mafia4"):
        return _RANKED[lang].format(rank=role_id[-1])
    return RULES[lang].get(role_id, "")
