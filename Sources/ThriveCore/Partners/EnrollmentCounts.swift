import Foundation

/// How many kits, and from how many different people, in one month, quarter or the whole window.
/// People decide whether a number may be shown (``SmallCells``); kits are what is shown.
public struct PeopleCount: Hashable, Sendable, Codable {
    public var kits: Int
    public var people: Int

    public init(kits: Int = 0, people: Int = 0) {
        self.kits = kits
        self.people = people
    }
}

/// One stage of the program counted over ``ProgramPeriods``: per month, per quarter and in total
/// (people are counted afresh in each: a person who tests twice in a quarter is one person there).
public struct StageCounts: Hashable, Sendable {
    public var months: [PeopleCount]
    public var quarters: [PeopleCount]
    public var total: PeopleCount

    public init(
        months: [PeopleCount] = Array(repeating: PeopleCount(), count: ProgramPeriods.monthCount),
        quarters: [PeopleCount] = Array(repeating: PeopleCount(), count: ProgramPeriods.quarterCount),
        total: PeopleCount = PeopleCount()
    ) {
        self.months = months
        self.quarters = quarters
        self.total = total
    }
}

/// Where a partner's kits have got to, in the program's stages (spec 001's enrollment statistics).
public enum ProgramStage: String, Sendable, CaseIterable {
    /// The lab issued the kit for the partner's program (no person yet).
    case issued
    /// A person registered it.
    case registered
    /// The lab received the sample.
    case returned
    /// The result was posted.
    case resulted
}

/// What a store counts for a partner's dashboard, before anything is hidden. Never leaves the
/// server as it is: ``PartnerDashboard`` applies ``SmallCells`` first.
public struct EnrollmentCounts: Hashable, Sendable {
    public var stages: [ProgramStage: StageCounts]
    /// Whole days from registration to result, per quarter of the result: how many kits took each.
    public var turnaround: [[Int: Int]]
    /// Results in the window the program exists to find: an AAT level under the protective
    /// threshold, or a genotype other than MM (a deficiency allele carried: Z, S, null or rare).
    public var findings: PeopleCount
    /// Results posted since Monday.
    public var completedThisWeek: PeopleCount

    public init(
        stages: [ProgramStage: StageCounts] = [:],
        turnaround: [[Int: Int]] = Array(repeating: [:], count: ProgramPeriods.quarterCount),
        findings: PeopleCount = PeopleCount(), completedThisWeek: PeopleCount = PeopleCount()
    ) {
        self.stages = stages
        self.turnaround = turnaround
        self.findings = findings
        self.completedThisWeek = completedThisWeek
    }

    public subscript(stage: ProgramStage) -> StageCounts {
        get { stages[stage] ?? StageCounts() }
        set { stages[stage] = newValue }
    }
}
