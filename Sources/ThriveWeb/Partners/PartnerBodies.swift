import Foundation
import ThriveCore

struct PartnerProgramBody: Codable, Sendable {
    let monthlyTarget: Int?
    let costPerKit: Double?
    let valuePerFinding: Double?
    let currency: String?

    init(_ program: PartnerProgram) {
        monthlyTarget = program.monthlyTarget
        costPerKit = program.costPerKit
        valuePerFinding = program.valuePerFinding
        currency = program.currency
    }
}

/// The dashboard as JSON: every count drawn from people is null where it is hidden.
struct PartnerDashboardBody: Codable, Sendable {
    struct Period: Codable, Sendable {
        let start: String
        let issued: Int
        let registered: Int?
        let returned: Int?
        let resulted: Int?
        let target: Int?
        let turnaroundMedianDays: Int?
        let turnaroundNinetiethDays: Int?

        init(_ period: PartnerDashboard.Period) {
            start = period.start.iso8601
            issued = period.issued
            registered = period.registered
            returned = period.returned
            resulted = period.resulted
            target = period.target
            turnaroundMedianDays = period.turnaround?.median
            turnaroundNinetiethDays = period.turnaround?.ninetieth
        }

        /// Hidden counts as explicit nulls, so a client sees the field and that it is hidden.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(start, forKey: .start)
            try container.encode(issued, forKey: .issued)
            try container.encode(registered, forKey: .registered)
            try container.encode(returned, forKey: .returned)
            try container.encode(resulted, forKey: .resulted)
            try container.encode(target, forKey: .target)
            try container.encode(turnaroundMedianDays, forKey: .turnaroundMedianDays)
            try container.encode(turnaroundNinetiethDays, forKey: .turnaroundNinetiethDays)
        }
    }

    struct ROI: Codable, Sendable {
        let findings: Int
        let kitsIssued: Int
        let costPerKit: Double
        let valuePerFinding: Double
        let currency: String
        let ratio: Double?
    }

    let k: Int
    let completedThisWeek: Int?
    let months: [Period]
    let quarters: [Period]
    let total: Period
    let roi: ROI?
    /// Why the ROI is missing: `needsAmounts`, `noKits` or `fewFindings`.
    let roiGap: String?
    let roiFormula: String

    init(_ dashboard: PartnerDashboard) {
        k = SmallCells.k
        completedThisWeek = dashboard.completedThisWeek
        months = dashboard.months.map(Period.init)
        quarters = dashboard.quarters.map(Period.init)
        total = Period(dashboard.total)
        switch dashboard.roi {
        case .success(let roi):
            self.roi = ROI(
                findings: roi.findings, kitsIssued: roi.kitsIssued, costPerKit: roi.costPerKit,
                valuePerFinding: roi.valuePerFinding, currency: dashboard.program.currency, ratio: roi.ratio)
            roiGap = nil
        case .failure(let gap):
            roi = nil
            roiGap = gap.gap.rawValue
        }
        roiFormula = t("partner.roi.formula")
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(k, forKey: .k)
        try container.encode(completedThisWeek, forKey: .completedThisWeek)
        try container.encode(months, forKey: .months)
        try container.encode(quarters, forKey: .quarters)
        try container.encode(total, forKey: .total)
        try container.encode(roi, forKey: .roi)
        try container.encode(roiGap, forKey: .roiGap)
        try container.encode(roiFormula, forKey: .roiFormula)
    }
}
