import Foundation

/// The demo partner (spec 001's partner portal): an insurer's wellness program whose members
/// joined over the last year and a half, so its dashboard shows real-looking totals. Members are
/// invented and cannot sign in; the partner only ever sees them counted.
public struct DemoPartnerProgram: Sendable {
    public static let email = try! EmailAddress("partner@thrive.local")
    public static let batch = "Demo wellness program"
    public static let program = PartnerProgram(monthlyTarget: 12, costPerKit: 120, valuePerFinding: 4_000, currency: "USD")

    /// One member's kit: when it was registered, received and resulted, in seconds before now
    /// (nil for a step not reached yet), and its result.
    public struct Kit: Sendable {
        public let member: Int
        public let registered: TimeInterval
        public let received: TimeInterval?
        public let resulted: TimeInterval?
        public let level: Double
        public let genotype: String
    }

    public let members: Int
    public let kits: [Kit]
    /// Issued for the program and not registered yet.
    public let spareKits = 40

    public init(members: Int = 320, seed: UInt64 = 2_026) {
        var random = SeededRandom(seed: seed)
        let day: TimeInterval = 86_400
        var kits: [Kit] = []
        for member in 0..<members {
            // Members join over the last 480 days; a fifth test again about six months later.
            let joined = Double(Int.random(in: 0..<480, using: &random)) * day + 9 * 3_600
            let genotype = ["MM", "MM", "MM", "MM", "MM", "MM", "MM", "MM", "MS", "MZ", "MZ", "SZ"].randomElement(using: &random)!
            let base: Double = genotype == "MM" ? 150 : genotype == "MS" ? 120 : genotype == "MZ" ? 85 : 55
            var starts = [joined]
            if member % 5 == 0, joined > 200 * day { starts.append(joined - 182 * day) }
            for start in starts {
                let posted = Double(Int.random(in: 2...9, using: &random)) * day
                let processed = posted + Double(Int.random(in: 3...12, using: &random)) * day
                kits.append(
                    Kit(
                        member: member, registered: start, received: start > posted ? start - posted : nil,
                        resulted: start > processed ? start - processed : nil,
                        level: (base + Double(Int.random(in: -15...15, using: &random))).rounded(),
                        genotype: genotype))
            }
        }
        self.members = members
        self.kits = kits
    }
}
