import Testing
@testable import TransitLua

// Every bound method and class function declares UIKit's Swift name (SwiftNames.swift), so the
// spellings a port writes are derived for all of them, not for a hand-picked few.
@Suite struct SwiftNameCoverageTests {
    let api = TransitAPI.description

    @Test func everyMethodAndFunctionHasASwiftNameOrIsDeclaredTransitsOwn() {
        var missing: [String] = []
        for cls in api.classes {
            for function in cls.methods + cls.functions {
                let qualified = "\(cls.name).\(function.name)"
                if function.swiftName == nil && !SwiftNames.transitOnly.contains(qualified) { missing.append(qualified) }
            }
        }
        #expect(missing.isEmpty, "no Swift name declared in SwiftNames.swift: \(missing.joined(separator: ", "))")
    }

    @Test func everyEntryNamesABoundMember() {
        var bound = Set<String>()
        for cls in api.classes {
            for function in cls.methods + cls.functions { bound.insert("\(cls.name).\(function.name)") }
        }
        let stale = (Array(SwiftNames.declarations.keys) + Array(SwiftNames.otherSpellings.keys) + Array(SwiftNames.transitOnly))
            .filter { !bound.contains($0) }
        #expect(stale.isEmpty, "entries naming nothing bound: \(stale.sorted().joined(separator: ", "))")
        let both = SwiftNames.transitOnly.filter { SwiftNames.declarations[$0] != nil }
        #expect(both.isEmpty, "both a Swift name and Transit-only: \(both.sorted())")
    }

    @Test func declarationsAreSwiftDeclarations() {
        for (name, text) in SwiftNames.declarations {
            let declaration = SwiftDeclaration(text)
            #expect(declaration.isFull, "\(name): \(text) is not a whole declaration (func, init, var)")
            let swiftName = declaration.name
            let isProperty = swiftName.hasPrefix("var ")
            let isCall = swiftName.range(of: #"^[A-Za-z][A-Za-z0-9]*\(([A-Za-z_][A-Za-z0-9]*:)*\)$"#, options: .regularExpression) != nil
            #expect(isProperty || isCall, "\(name): \(swiftName) is neither `name(label:...)` nor `var name: Type`")
        }
    }

    @Test func noSpellingShadowsAMemberOrIsDerivedTwice() {
        for cls in api.classes where !cls.isValue {
            let spellings = SwiftSpellings.members.filter { $0.owner == cls.name }.map(\.spelling)
            #expect(Set(spellings).count == spellings.count, "\(cls.name): \(spellings)")
            let members = Set(KnownMembers.byClass[cls.name]?.members ?? [])
            #expect(members.isDisjoint(with: spellings), "\(cls.name): \(members.intersection(spellings).sorted())")
        }
    }

    /// The spellings the naming rule predicts for a sample across the API, against the
    /// declarations Apple documents for them.
    @Test func derivedSpellingsCoverTheUsualForms() {
        let expected: [(String, String)] = [
            ("UIView", "snapshotViewAfterScreenUpdates"), ("UIView", "insertSubviewAboveSubview"), ("UIView", "animateWithDuration"),
            ("UIView", "convertPoint"), ("CALayer", "removeAnimationForKey"), ("CALayer", "animationForKey"),
            ("UIViewController", "willMove"), ("UIViewController", "presentViewController"), ("UINavigationController", "popViewControllerAnimated"),
            ("UIViewControllerContextTransitioning", "viewControllerForKey"), ("UIViewControllerContextTransitioning", "viewForKey"),
            ("UIViewControllerTransitionCoordinator", "animate"), ("UIViewPropertyAnimator", "startAnimationAfterDelay"),
            ("UIViewPropertyAnimator", "continueAnimationWithTimingParameters"), ("UIPanGestureRecognizer", "translationInView"),
            ("UICollectionView", "dequeueReusableCellWithReuseIdentifier"), ("UITableView", "numberOfRowsInSection"),
            ("NSLayoutAnchor", "constraintEqualTo"), ("CGAffineTransform", "scaleX"), ("CGAffineTransform", "rotationAngle"),
            ("UIBezierPath", "addArcWithCenter"), ("UIDynamicAnimator", "itemsInRect"), ("UICollisionBehavior", "addBoundaryWithIdentifier"),
        ]
        let derived = Set(SwiftSpellings.members.map { "\($0.owner).\($0.spelling)" })
        for (owner, spelling) in expected {
            #expect(derived.contains("\(owner).\(spelling)"), "\(owner).\(spelling) is not derived")
        }
    }
}

/// Every derived spelling of a class function or a value's method raises its message when read,
/// and a few instance ones across the API do on real objects.
@Suite struct SwiftSpellingReadTests {
    @Test func everyStaticAndValueSpellingRaisesItsMessage() throws {
        let h = try Harness()
        let values: [String: String] = ["CGRect": "CGRect(0, 0, 1, 1)", "CGPoint": "CGPoint(0, 0)", "CGSize": "CGSize(1, 1)",
                                        "CGAffineTransform": "CGAffineTransform.identity", "CATransform3D": "CATransform3D.identity",
                                        "UIColor": "UIColor.red", "CGVector": "CGVector(0, 0)"]
        var checked = 0
        for member in SwiftSpellings.members where member.spelling != "init" {
            let cls = try #require(TransitAPI.description.cls(member.owner))
            let receiver: String
            if member.isStatic { receiver = member.owner }
            else if cls.isValue, let value = values[member.owner] { receiver = value }
            else { continue }
            let message = try #require(try h.error("local _ = (\(receiver)).\(member.spelling)\nreturn nil"), "\(receiver).\(member.spelling) read without error")
            #expect(message.contains(SwiftSpellings.message(member)), "\(message)")
            checked += 1
        }
        #expect(checked > 20)
    }

    @Test func instanceSpellingsOfSeveralClassesRaiseTheirMessages() throws {
        let h = try Harness()
        let cases: [(String, String, String)] = [
            ("UIView.new()", "snapshotViewAfterScreenUpdates", "in Lua call view:snapshotView(afterScreenUpdates)"),
            ("CALayer.new()", "removeAnimationForKey", "in Lua call layer:removeAnimation(forKey)"),
            ("UIViewController.new()", "dismissViewControllerAnimated", "in Lua call viewController:dismiss(animated, completion)"),
            ("UINavigationController.new(UIViewController.new())", "popViewControllerAnimated",
             "in Lua call navigationController:popViewController(animated)"),
            ("UIBezierPath.new()", "addLineToPoint", "in Lua call path:addLine(to)"),
            ("UIView.new().topAnchor", "constraintEqualTo", "anchor:constraint{equalTo=anchor, constant=}"),
            ("UIPanGestureRecognizer.new()", "translationInView", "in Lua call recognizer:translation(view)"),
        ]
        for (receiver, spelling, lua) in cases {
            let message = try #require(try h.error("local _ = (\(receiver)).\(spelling)\nreturn nil"), "\(spelling) read without error")
            #expect(message.contains(lua), "\(message)")
            #expect(message.hasPrefix("test.lua:1:"), "\(message)")
        }
    }
}
