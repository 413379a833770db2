import Foundation
import Testing

/// English sentences written in Swift instead of the catalogs. The engines and pages moved so far
/// say everything through catalog keys; the files below still hold sentences for people and are
/// being moved. The list only shrinks: a new sentence in any file fails, and so does a file that
/// lost some without its count coming down here.
@Suite("Words written in Swift")
struct SwiftTextTests {
    static let sources = LanguageCatalogTests.resources.deletingLastPathComponent().deletingLastPathComponent()

    /// A capitalised word and at least two more: "Enter how many minutes the workout took."
    static let sentence = try! NSRegularExpression(pattern: #""([A-Z][a-z]+(?: [a-zA-Z'’,.:;()0-9–-]+){2,}(?:[^"\\]|\\.)*)""#)
    /// A label of one or two words ("Save changes", "Protein"), or words around a value
    /// ("\\(count) foods found").
    static let label = try! NSRegularExpression(pattern: #""[A-Z][a-z]+(?: [a-z]+)?"|"[^"]*\\\([^)]*\) [a-z]+ [a-z]+[^"]*""#)

    /// Sentences in Swift text, leaving out comments, log lines and configuration errors (for the
    /// operator starting the server, never shown to a person using it: a broken bundled file too).
    static func sentences(in text: String) -> Int {
        text.split(separator: "\n").reduce(0) { count, line in
            let code = line.trimmingCharacters(in: .whitespaces)
            guard !code.hasPrefix("//"), !code.contains("logger."), !code.contains("ConfigurationError("),
                !code.contains("Failure(description:")
            else { return count }
            let range = NSRange(code.startIndex..., in: code)
            return count + sentence.numberOfMatches(in: code, range: range) + label.numberOfMatches(in: code, range: range)
        }
    }

    /// The demo person's meals and notes are their own words, not the interface's.
    static func scanned() throws -> [String: Int] {
        var found: [String: Int] = [:]
        for module in ["ThriveWeb", "ThriveCore"] {
            let root = sources.appendingPathComponent(module)
            let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") && !(module == "ThriveCore" && file.hasPrefix("Demo/")) {
                let count = sentences(in: try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8))
                if count > 0 { found["\(module)/\(file)"] = count }
            }
        }
        return found
    }

    /// What is left is not shown to people as it stands: the library's English exercise names are
    /// the identities logged workouts are matched by (pages show `exercise.<id>` from the catalogs),
    /// a date's decoding complaint is the detail of an API parse error, the food table's loader and
    /// the readers of program and library files speak to the operator or the author of the file, font
    /// stacks name fonts, languages are named in themselves, "Bearer" is the HTTP scheme,
    /// "Thrive" the source name of entries made in the app, device providers' brand names the source
    /// names of what they send, an operator's configuration mistakes are told in the operator's log, the USDA's food group names ("Nut and Seed
    /// Products") are the table's own identities the food flags match, and the hosted coach's instructions are
    /// written for the model (in English, which it follows best; it answers in the person's language),
    /// browsers and systems are named by their brands ("Firefox", "Android") in the list of signed-in
    /// devices, and "Thrive" is the issuer an authenticator app shows beside its codes.
    static let notYetInCatalogs: [String: Int] = [
        "ThriveCore/Content/ContentEntry.swift": 1,
        "ThriveCore/Devices/DeviceProvider.swift": 3,
        // "Google" and "Apple": brand names, never translated.
        "ThriveCore/Accounts/SocialSignIn.swift": 2,
        // LOINC's own display names, written into FHIR exports as the standard gives them.
        "ThriveCore/Exports/VitalSign.swift": 7,
        // FHIR's resource type names ("Patient", "Bundle"), and LOINC's and HL7's display names for
        // the codes of a lab result, as the standards give them to a clinician's system.
        "ThriveCore/FHIR/FHIRModel.swift": 5,
        "ThriveCore/Labs/LabFHIR.swift": 9,
        "ThriveCore/Creator/CreatorBranding.swift": 2,
        "ThriveCore/Foods/FoodFlags.swift": 5,
        // The operator's AAT thresholds that do not hold together, told at start.
        "ThriveCore/Labs/AATThresholds.swift": 3,
        "ThriveCore/Programs/ProgramText.swift": 2,
        "ThriveCore/Text/FrontMatter.swift": 1,
        "ThriveCore/Samples/SampleProvenance.swift": 1,
        "ThriveCore/Settings/Language.swift": 2,
        "ThriveCore/Time/LocalDate.swift": 1,
        "ThriveCore/Training/ExerciseLibrary.swift": 33,
        "ThriveWeb/Accounts/BrowserName.swift": 18,
        "ThriveWeb/Accounts/TokenService.swift": 1,
        "ThriveWeb/Application/Brand.swift": 1,
        "ThriveWeb/Coach/AnthropicCoachProvider.swift": 9,
        "ThriveWeb/Devices/DeviceConfiguration.swift": 2,
    ]

    @Test func sentencesForPeopleComeFromTheCatalogs() throws {
        let found = try Self.scanned()
        for (file, count) in found.sorted(by: { $0.key < $1.key }) {
            let allowed = Self.notYetInCatalogs[file] ?? 0
            #expect(count <= allowed, "\(file): \(count) English sentences written in Swift; put them in the catalogs")
        }
        for (file, allowed) in Self.notYetInCatalogs.sorted(by: { $0.key < $1.key }) {
            #expect((found[file] ?? 0) >= allowed, "\(file) has \(found[file] ?? 0) now: lower its count in the list")
        }
        #expect(!found.keys.contains("ThriveCore/Scores/PillarScoreEngine.swift"), "the score engine speaks in phrases")
    }

    @Test func theScannerFindsSentencesAndLeavesCodeAlone() {
        #expect(Self.sentences(in: #"throw ValidationError(field: "minutes", message: "Enter how many minutes it took.")"#) == 1)
        #expect(Self.sentences(in: #"Phrase("score.activity.detail", ["steps": .integer(steps)])"#) == 0)
        #expect(Self.sentences(in: #"// "Your average sleep was 7 h" in a comment"#) == 0)
        #expect(Self.sentences(in: #"context.logger.error("Could not open the store")"#) == 0)
        #expect(Self.sentences(in: #"submitLabel: "Save changes""#) == 1)
        #expect(Self.sentences(in: #"InputField("energy", "Energy", unit: "kcal")"#) == 1)
        #expect(Self.sentences(in: #"resultCount = "\(results.count) foods found""#) == 1)
        #expect(Self.sentences(in: #"render("meals", t("meals.title"), context)"#) == 0)
        #expect(Self.sentences(in: #"message: "Nothing to export yet. \(summary)")"#) == 1)
    }
}
