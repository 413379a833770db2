/// One control of a logging form: a text input, a 1–5 scale of radio buttons, or a note. Exactly
/// one of the three is set; the `form-control` partial renders it.
struct FormControl: Sendable {
    let text: InputField?
    let scale: ScaleField?
    let note: NoteField?

    static func text(_ field: InputField) -> FormControl { FormControl(text: field, scale: nil, note: nil) }
    static func scale(_ field: ScaleField) -> FormControl { FormControl(text: nil, scale: field, note: nil) }
    static func note(_ field: NoteField) -> FormControl { FormControl(text: nil, scale: nil, note: field) }
}

/// A 1–5 rating as a row of radio buttons, each with its word ("1 Very low" … "5 Very high").
struct ScaleField: Sendable {
    struct Option: Sendable {
        let id: String
        let value: Int
        let label: String
        let checked: Bool
    }

    let name: String
    let legend: String
    let optional: Bool
    let options: [Option]
    let error: String?

    init(_ name: String, _ legend: String, words: [String], value: String?, errors: FormErrors, optional: Bool = false) {
        self.name = name
        self.legend = legend
        self.optional = optional
        options = words.enumerated().map { index, word in
            Option(id: "\(name)-\(index + 1)", value: index + 1, label: word, checked: value == String(index + 1))
        }
        error = errors[name]
    }
}

/// A multi-line private note (optional unless said otherwise).
struct NoteField: Sendable {
    let name: String
    let label: String
    let value: String
    let error: String?
    let optional: Bool
    let rows: Int
    let maximumLength: Int

    init(
        _ name: String, _ label: String, value: String, errors: FormErrors, optional: Bool = true, maximumLength: Int = 2_000
    ) {
        self.name = name
        self.label = label
        self.value = value
        error = errors[name]
        self.optional = optional
        rows = optional ? 3 : 8
        self.maximumLength = maximumLength
    }
}
