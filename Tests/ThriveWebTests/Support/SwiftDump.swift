/// What a Swift value printed as it is looks like (`InputField(name: …)`, `Optional("…")`,
/// `Phrase(key: …)`): never something a person should read.
enum SwiftDump {
    static let patterns = ["(name:", "Optional(", "Phrase(key:", "(key:"]
}
