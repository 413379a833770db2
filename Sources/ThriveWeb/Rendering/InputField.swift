/// A labelled text input with its hint and its error tied to it by `aria-describedby`, rendered by
/// the `text-field` partial. Absent parts are `nil`, not empty: Mustache shows an empty string's
/// section.
struct InputField: Sendable {
    let name: String
    let label: String
    let unit: String?
    let value: String
    let type: String
    let decimal: Bool
    let hint: String?
    let error: String?
    let describedBy: String?
    let narrow: Bool
    /// The most characters the field takes (free text), so the page stops the typing there.
    let maxLength: Int?

    init(
        _ name: String, _ label: String, unit: String? = nil, value: String, errors: FormErrors, hint: String? = nil,
        type: String = "text", decimal: Bool = true, narrow: Bool = false, maxLength: Int? = nil
    ) {
        self.name = name
        self.label = label
        self.unit = unit
        self.value = value
        self.type = type
        self.decimal = decimal
        self.hint = hint
        let error = errors[name]
        self.error = error
        let described = [hint == nil ? nil : "\(name)-hint", error == nil ? nil : "\(name)-error"].compactMap { $0 }
        describedBy = described.isEmpty ? nil : described.joined(separator: " ")
        self.narrow = narrow
        self.maxLength = maxLength
    }
}
