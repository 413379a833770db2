import Foundation

/// What a person's words are about, found by keywords in the five languages Thrive speaks. Safety
/// comes first: words that sound like an emergency or a medical question are recognised before
/// anything else, so the coach never answers them as a habit question.
public enum CoachTopic: String, Hashable, Sendable, CaseIterable {
    case urgent, medical, checkIn, progress, program, struggling, thanks, greeting, feelingGood, other

    public init(_ text: String) {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .replacingOccurrences(of: "’", with: "'")
        let words = folded.split { !$0.isLetter && $0 != "'" }.map(String.init)
        for topic in Self.allCases where topic != .other {
            let keys = Self.keywords[topic] ?? []
            let found = keys.contains { key in
                if key.contains(" ") { return folded.contains(key) }
                if key.hasSuffix("*") { return words.contains { $0.hasPrefix(key.dropLast()) } }
                return words.contains(key)
            }
            if found {
                self = topic
                return
            }
        }
        self = .other
    }

    /// Whole words, word starts (ending in `*`) or phrases (with a space) per topic; checked in the
    /// order of `allCases`.
    static let keywords: [CoachTopic: [String]] = [
        .urgent: [
            "suicid*", "kill myself", "end my life", "self harm", "self-harm", "hurt myself", "chest pain", "can't breathe",
            "cannot breathe", "overdos*", "heart attack", "stroke", "emergency", "quitarme la vida", "dolor en el pecho",
            "no puedo respirar", "emergencia", "me tuer", "douleur thoracique", "je ne peux pas respirer", "urgence*",
            "selbstmord*", "umbringen", "brustschmerz*", "kann nicht atmen", "notfall*", "me matar", "dor no peito",
            "nao consigo respirar",
        ],
        .medical: [
            "diagnos*", "medication*", "medicine*", "dose*", "dosage", "prescri*", "symptom*", "pill", "pills", "tablet",
            "tablets", "medicament*",
            "dosis*", "receta*", "sintoma*", "ordonnance", "symptome*", "medikament*", "rezept", "remedio*", "receita*",
        ],
        .checkIn: [
            "check in", "check-in", "checkin*", "did i", "my habits", "habito*", "habitude*", "gewohnheit*", "registrar*",
        ],
        .progress: [
            "how am i doing", "progress*", "streak*", "progreso*", "racha*", "progres*", "serie", "fortschritt*", "progresso*",
            "sequencia*", "como voy", "como estou",
        ],
        .program: ["program*", "lesson*", "leccion*", "lecon*", "lektion*", "licao*", "aula"],
        .struggling: [
            "struggl*", "hard", "tired*", "difficult*", "unmotivated*", "stressed", "dificil*", "cansad*", "difficile*",
            "fatigu*",
            "schwer*", "mude", "muede", "stress*",
        ],
        .thanks: ["thank*", "thx", "gracias*", "merci", "danke", "obrigad*"],
        .greeting: [
            "hi", "hello", "hey", "good morning", "hola", "buenos*", "bonjour", "salut", "hallo", "guten", "ola", "bom dia",
        ],
        .feelingGood: ["great", "good", "awesome*", "genial", "bien", "super", "gut", "otimo*", "bem", "bom"],
    ]
}
