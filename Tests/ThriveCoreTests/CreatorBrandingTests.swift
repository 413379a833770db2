import Foundation
import Testing
import ThriveCore

/// Brand colours against WCAG 2's contrast rule, with its published reference values.
struct CreatorBrandingTests {
    @Test(arguments: [
        ("#000000", 21.0),
        ("#FFFFFF", 1.0),
        ("#767676", 4.54),  // the lightest grey that passes AA on white
        ("#777777", 4.48),  // and the one just past it
        ("#0F766E", 5.47),
        ("#007BFF", 3.98),  // the spec's example primary fails AA for normal text
    ])
    func contrastWithWhite(hex: String, ratio: Double) throws {
        let color = try #require(BrandColor(hex: hex))
        #expect(abs(color.contrast(with: .white) - ratio) < 0.01, "\(hex): \(color.contrast(with: .white))")
    }

    @Test func aColourTooLightIsRefusedWithAShadeThatWorksOrDarkened() throws {
        let light = CreatorBranding(name: "Sarah Johnson", primary: BrandColor(hex: "#007bff")!)
        do {
            _ = try light.validated(adjusting: false)
            Issue.record("a 3.98:1 colour must be refused")
        } catch {
            #expect(error.field == "primary")
            #expect(error.phrase.key == "invalid.brandContrast")
            guard case .text(let suggestion)? = error.phrase.values["suggestion"] else { return }
            #expect(BrandColor(hex: suggestion)!.contrast(with: .white) >= 4.5)
        }
        let (adjusted, changed) = try light.validated(adjusting: true)
        #expect(changed == ["primary"])
        #expect(adjusted.primary.contrast(with: .white) >= 4.5)
        #expect(adjusted.primary.blue > adjusted.primary.red, "the same hue, darker")
        #expect(try CreatorBranding(name: "Sarah").validated(adjusting: false).adjusted.isEmpty, "Thrive's own colours pass")
    }

    /// The dark theme's variant: lightened only when under 4.5:1 on the dark surface (GitHub's
    /// #0D1117), by the smallest step that passes.
    @Test func aColourTooDarkForTheDarkThemeIsLightenedJustEnough() throws {
        let surface = BrandColor(hex: "#0D1117")!
        let passing = BrandColor(hex: "#7C7C7C")!  // 4.53:1
        let failing = BrandColor(hex: "#7B7B7B")!  // 4.47:1
        #expect(passing.contrast(with: surface) >= 4.5 && failing.contrast(with: surface) < 4.5)
        #expect(passing.lightened(toContrast: 4.5, against: [surface]) == passing)
        #expect(failing.lightened(toContrast: 4.5, against: [surface]) == BrandColor(hex: "#7E7E7E")!)
        let teal = BrandColor(hex: "#0F766E")!
        let lighter = teal.lightened(toContrast: 4.5, against: [surface, BrandColor(hex: "#161B22")!])
        #expect(lighter.contrast(with: surface) >= 4.5 && lighter.contrast(with: BrandColor(hex: "#161B22")!) >= 4.5)
        #expect(lighter.green > lighter.blue && lighter.blue > lighter.red, "the same hue, lighter")
    }

    @Test func namesBadgesAndVoice() throws {
        #expect(throws: ValidationError.self) { try CreatorBranding(name: "  ").validated(adjusting: false) }
        let badge = CreatorBranding.Badge(id: "tenner", name: "Ten days", icon: "🔟", description: "", habitDays: 10)
        #expect(throws: ValidationError.self) {
            try CreatorBranding(name: "Sarah", badges: [badge, badge]).validated(adjusting: false)
        }
        var zero = badge
        zero.habitDays = 0
        #expect(throws: ValidationError.self) { try CreatorBranding(name: "Sarah", badges: [zero]).validated(adjusting: false) }
        let quiet = CreatorBranding(name: "Sarah", voice: .init(tone: .direct, emoji: .none))
        #expect(quiet.voiced("Everything on today's list is done. 🎉") == "Everything on today's list is done.")
        #expect(quiet.voiced("Great 😊 work") == "Great work")
        #expect(CreatorBranding(name: "Sarah").voiced("Done 🎉") == "Done 🎉")
    }
}
