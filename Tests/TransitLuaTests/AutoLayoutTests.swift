import Foundation
import Testing
@testable import TransitCore
@testable import TransitLua

/// Auto Layout through Lua, asserting what UIKit's documentation says constraints do. The
/// screen is an iPhone SE (375 × 667, safe area top 20).
private func harness() throws -> Harness {
    let h = try Harness()
    try h.run("""
        root = UIViewController.new()
        transit.window.rootViewController = root
        container = root.view
        function placed(name)
          local v = UIView.new{ name = name }
          v.translatesAutoresizingMaskIntoConstraints = false
          container:addSubview(v)
          return v
        end
        """)
    return h
}

private func frame(_ h: Harness, _ expression: String) throws -> Rect {
    let text = try #require(try h.run("local r = \(expression) return string.format('%g %g %g %g', r.x, r.y, r.width, r.height)"))
    let numbers = text.split(separator: " ").compactMap { Double($0) }
    return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
}

@Suite struct AnchorForms {
    @Test func equalToWithAConstantPlacesTheEdges() throws {
        let h = try harness()
        try h.run("""
            a, b = placed("a"), placed("b")
            NSLayoutConstraint.activate{
              a.leadingAnchor:constraint{equalTo = container.leadingAnchor, constant = 16},
              b.leadingAnchor:constraint{equalTo = a.trailingAnchor, constant = 8},
              b.trailingAnchor:constraint{equalTo = container.trailingAnchor, constant = -16},
              a.widthAnchor:constraint{equalTo = b.widthAnchor},
              a.topAnchor:constraint{equalTo = container.safeAreaLayoutGuide.topAnchor, constant = 10},
              b.centerYAnchor:constraint{equalTo = a.centerYAnchor},
              a.heightAnchor:constraint{equalToConstant = 100},
              b.heightAnchor:constraint{equalTo = a.heightAnchor, multiplier = 0.5, constant = 10},
            }
            container:layoutIfNeeded()
            """)
        // (375 - 16 - 8 - 16) / 2 = 167.5 each; b's height 0.5 × 100 + 10 = 60, centred on a's.
        #expect(try frame(h, "a.frame") == Rect(x: 16, y: 30, width: 167.5, height: 100))
        #expect(try frame(h, "b.frame") == Rect(x: 191.5, y: 50, width: 167.5, height: 60))
    }

    @Test func inequalitiesHoldAtTheirBound() throws {
        let h = try harness()
        try h.run("""
            a = placed("a")
            NSLayoutConstraint.activate{
              a.leftAnchor:constraint{equalTo = container.leftAnchor},
              a.topAnchor:constraint{equalTo = container.topAnchor},
              a.widthAnchor:constraint{greaterThanOrEqualToConstant = 60},
              a.widthAnchor:constraint{lessThanOrEqualTo = container.widthAnchor, multiplier = 0.25},
              a.heightAnchor:constraint{lessThanOrEqualToConstant = 40},
              a.heightAnchor:constraint{greaterThanOrEqualTo = a.widthAnchor, multiplier = 0.1},
            }
            for _, wish in ipairs{ a.widthAnchor:constraint{equalToConstant = 0}, a.heightAnchor:constraint{equalToConstant = 0} } do
              wish.priority = UILayoutPriority.defaultLow
              wish.isActive = true
            end
            container:layoutIfNeeded()
            """)
        // The low-priority wishes for 0 pull each size to its nearest required bound.
        #expect(try frame(h, "a.frame") == Rect(x: 0, y: 0, width: 60, height: 6))
        try h.run("for _, c in ipairs(a.constraints) do if c.firstAttribute == 'width' and c.relation == 'equal' then c.constant = 500 end end container:layoutIfNeeded()")
        // Wanting 500 now: the ≤ 0.25 × 375 bound holds it at 93.75, and the height follows.
        #expect(try frame(h, "a.frame") == Rect(x: 0, y: 0, width: 93.75, height: 9.375))
    }

    @Test func theLongFormIsSwiftsInitialiser() throws {
        let h = try harness()
        try h.run("""
            a = placed("a")
            NSLayoutConstraint.activate{
              NSLayoutConstraint{item = a, attribute = "top", relatedBy = "equal", toItem = container, attribute2 = "top", multiplier = 1, constant = 44},
              NSLayoutConstraint{item = a, attribute = "left", relatedBy = "equal", toItem = container, attribute2 = "centerX", multiplier = 1, constant = 0},
              NSLayoutConstraint{item = a, attribute = "width", relatedBy = "equal", constant = 50},
              NSLayoutConstraint{item = a, attribute = "height", toItem = a, attribute2 = "width", multiplier = 2},
            }
            container:layoutIfNeeded()
            """)
        #expect(try frame(h, "a.frame") == Rect(x: 187.5, y: 44, width: 50, height: 100))
        #expect(try h.run("local c = container.constraints[1] return c.firstAttribute .. ' ' .. c.relation .. ' ' .. c.secondAttribute .. ' ' .. string.format('%g', c.multiplier)") == "top equal top 1")
    }

    @Test func aConstraintsPropertiesReadAsUIKitsDo() throws {
        let h = try harness()
        let text = try h.run("""
            a = placed("a")
            local c = a.widthAnchor:constraint{equalToConstant = 10}
            local before = tostring(c.isActive)
            c.identifier = "w"
            NSLayoutConstraint.activate{c}
            return table.concat({before, tostring(c.isActive), tostring(c.firstItem == a), tostring(c.secondItem), c.secondAttribute, string.format("%g", c.priority), c.identifier, #a.constraints}, " ")
            """)
        #expect(text == "false true true nil notAnAttribute 1000 w 1")
        try h.run("NSLayoutConstraint.deactivate(a.constraints)")
        #expect(try h.run("return #a.constraints") == "0")
    }

    @Test func mistakesUIKitRaisesForAreErrorsAtTheirLine() throws {
        let h = try harness()
        try h.run("a = placed('a') other = UIView.new()")
        #expect(try h.error("return a.topAnchor:constraint{equalTo = container.leadingAnchor}")?.contains("test.lua:1:") == true)
        #expect(try h.error("return a.topAnchor:constraint{equalToConstant = 3}")?.contains("only a width or height anchor takes equalToConstant") == true)
        let noAncestor = try h.error("a.topAnchor:constraint{equalTo = other.topAnchor}.isActive = true")
        #expect(noAncestor?.contains("no common ancestor") == true, "\(noAncestor ?? "no error")")
        let required = try h.error("local c = a.widthAnchor:constraint{equalToConstant = 3} c.isActive = true c.priority = 750")
        #expect(required?.contains("from 1000 to 750 on an active constraint is not supported") == true, "\(required ?? "no error")")
        #expect(try h.error("local c = a.widthAnchor:constraint{equalToConstant = 3} c.priority = 0")?.contains("1...1000") == true)
        #expect(try h.error("return a.widthAnchor:constraint{}")?.contains("give one of equalTo=") == true)
    }
}

@Suite struct PrioritiesAndSizes {
    @Test func aHigherPriorityWinsOverAnyNumberOfLowerOnes() throws {
        let h = try harness()
        try h.run("""
            a = placed("a")
            NSLayoutConstraint.activate{ a.leftAnchor:constraint{equalTo = container.leftAnchor}, a.topAnchor:constraint{equalTo = container.topAnchor},
              a.heightAnchor:constraint{equalToConstant = 10} }
            for _, width in ipairs{100, 100, 100} do
              local low = a.widthAnchor:constraint{equalToConstant = width}
              low.priority = 749
              low.isActive = true
            end
            local high = a.widthAnchor:constraint{equalToConstant = 200}
            high.priority = 750
            high.isActive = true
            container:layoutIfNeeded()
            """)
        #expect(try frame(h, "a.frame").width == 200)
    }

    @Test func aLabelHugsItsTextAndAnOverrideIsAsked() throws {
        let h = try harness()
        try h.run("""
            label = UILabel.new{ text = "Hello" }
            label.translatesAutoresizingMaskIntoConstraints = false
            container:addSubview(label)
            Badge = UIView:subclass("Badge")
            function Badge:intrinsicContentSize() return CGSize(40, 20) end
            badge = Badge.new()
            badge.translatesAutoresizingMaskIntoConstraints = false
            container:addSubview(badge)
            NSLayoutConstraint.activate{ label.leftAnchor:constraint{equalTo = container.leftAnchor}, label.topAnchor:constraint{equalTo = container.topAnchor},
              badge.leftAnchor:constraint{equalTo = label.rightAnchor, constant = 4}, badge.topAnchor:constraint{equalTo = label.topAnchor} }
            container:layoutIfNeeded()
            """)
        let label = try frame(h, "label.frame")
        let intrinsic = try #require(try h.run("local s = label.intrinsicContentSize return s.width .. ' ' .. s.height"))
        #expect(intrinsic != "0 0")
        #expect("\(formatNumber(label.width)) \(formatNumber(label.height))" == intrinsic || "\(label.width) \(label.height)" == intrinsic, "\(label) vs \(intrinsic)")
        #expect(try frame(h, "badge.frame") == Rect(x: label.width + 4, y: 0, width: 40, height: 20))
        // Longer text, invalidated by the label itself: the badge follows.
        try h.run("label.text = 'Hello, world' container:layoutIfNeeded()")
        #expect(try frame(h, "label.frame").width > label.width)
    }

    @Test func anAmbiguousLayoutIsAProblemWithItsOwnId() throws {
        let result = try runScene("""
            local root = UIViewController.new()
            transit.window.rootViewController = root
            local a = UIView.new{ name = "floating" }
            a.translatesAutoresizingMaskIntoConstraints = false
            root.view:addSubview(a)
            NSLayoutConstraint.activate{ a.widthAnchor:constraint{equalToConstant = 10}, a.heightAnchor:constraint{equalToConstant = 10},
              a.leftAnchor:constraint{equalTo = root.view.leftAnchor} }
            transit.wait(0.1)
            """)
        let problems = result.world.problemRecords.filter { $0.id == .ambiguousLayout }
        #expect(problems.count == 1)
        #expect(problems.first?.message.contains("UIView \"floating\"'s constraints do not fix its frame") == true, "\(problems)")
        #expect(problems.first?.message.contains("vertical position") == true)
        #expect(problems.first?.message.contains("width") == false)
    }

    @Test func ambiguityIsReported() throws {
        let h = try harness()
        try h.run("a = placed('a') NSLayoutConstraint.activate{ a.widthAnchor:constraint{equalToConstant = 10}, a.heightAnchor:constraint{equalToConstant = 10}, a.leftAnchor:constraint{equalTo = container.leftAnchor} }")
        #expect(try h.bool("return a.hasAmbiguousLayout"))
        try h.run("a.topAnchor:constraint{equalTo = container.topAnchor}.isActive = true")
        #expect(try h.bool("return a.hasAmbiguousLayout") == false)
    }
}

@Suite struct UnsatisfiableConstraints {
    @Test func theConflictIsLoggedInUIKitsWordsAndTheNewConstraintIsBroken() throws {
        let h = try harness()
        var warnings: [String] = []
        h.world.warningHandler = { warnings.append($0) }
        try h.run("""
            a = placed("a")
            NSLayoutConstraint.activate{ a.leftAnchor:constraint{equalTo = container.leftAnchor}, a.topAnchor:constraint{equalTo = container.topAnchor},
              a.heightAnchor:constraint{equalToConstant = 10}, a.widthAnchor:constraint{equalToConstant = 100} }
            a.widthAnchor:constraint{equalToConstant = 300}.isActive = true
            container:layoutIfNeeded()
            """)
        #expect(warnings.count == 1)
        let message = try #require(warnings.first)
        #expect(message.hasPrefix("[LayoutConstraints] Unable to simultaneously satisfy constraints."))
        #expect(message.contains("\"<NSLayoutConstraint UIView \"a\".width == 100>\""))
        #expect(message.contains("Will attempt to recover by breaking constraint\n<NSLayoutConstraint UIView \"a\".width == 300>"))
        #expect(try frame(h, "a.frame").width == 100)
        #expect(h.world.trace.lines.contains { $0.contains("Unable to simultaneously satisfy constraints") })
    }
}

@Suite struct TheLayoutPass {
    @Test func updateConstraintsRunsBeforeLayoutSubviewsWhenAsked() throws {
        let h = try harness()
        let order = try h.run("""
            order = {}
            Card = UIView:subclass("Card")
            function Card:updateConstraints() order[#order + 1] = "updateConstraints" self.super.updateConstraints(self) end
            function Card:layoutSubviews() order[#order + 1] = "layoutSubviews" self.super.layoutSubviews(self) end
            card = Card.new()
            container:addSubview(card)
            container:layoutIfNeeded()
            order = {}
            card:setNeedsUpdateConstraints()
            card:setNeedsLayout()
            container:layoutIfNeeded()
            return table.concat(order, " ")
            """)
        #expect(order == "updateConstraints layoutSubviews")
    }

    @Test func aViewConstrainedAsItsOwnRootCanThenBeConstrainedToASuperview() throws {
        // A presented view's contents are often laid out before the view is added anywhere:
        // once it has a superview its old place as a root must not hold it (UIKit has no
        // constraint for a view without a superview's frame to copy).
        let h = try harness()
        try h.run("""
            cell = UIView.new{ frame = CGRect(20, 100, 300, 200) }
            container:addSubview(cell)
            content = UIView.new()
            content.translatesAutoresizingMaskIntoConstraints = false
            child = UIView.new()
            child.translatesAutoresizingMaskIntoConstraints = false
            content:addSubview(child)
            NSLayoutConstraint.activate{
              child.leadingAnchor:constraint{equalTo = content.leadingAnchor, constant = 10},
              child.topAnchor:constraint{equalTo = content.topAnchor, constant = 10},
              child.widthAnchor:constraint{equalToConstant = 50}, child.heightAnchor:constraint{equalToConstant = 50},
            }
            content:layoutIfNeeded()
            cell:addSubview(content)
            NSLayoutConstraint.activate{
              content.leadingAnchor:constraint{equalTo = cell.leadingAnchor},
              content.trailingAnchor:constraint{equalTo = cell.trailingAnchor},
              content.topAnchor:constraint{equalTo = cell.topAnchor},
              content.bottomAnchor:constraint{equalTo = cell.bottomAnchor},
            }
            cell:layoutIfNeeded()
            """)
        #expect(h.world.layoutEngine.warnings.isEmpty, "\(h.world.layoutEngine.warnings)")
        #expect(try frame(h, "content.frame") == Rect(x: 0, y: 0, width: 300, height: 200))
        #expect(try frame(h, "child.frame") == Rect(x: 10, y: 10, width: 50, height: 50))
    }

    @Test func removingAViewDeactivatesItsConstraintsToTheRest() throws {
        let h = try harness()
        try h.run("a = placed('a') NSLayoutConstraint.activate{ a.leftAnchor:constraint{equalTo = container.leftAnchor}, a.widthAnchor:constraint{equalToConstant = 5} }")
        #expect(try h.run("return #container.constraints .. ' ' .. #a.constraints") == "1 1")
        try h.run("a:removeFromSuperview()")
        // The one to the container goes; the one a holds on itself stays (UIKit's rule).
        #expect(try h.run("return #container.constraints .. ' ' .. #a.constraints") == "0 1")
    }
}

@Suite struct AnimatingConstraints {
    /// UIKit's documented idiom: change the constant, then layoutIfNeeded() in an animation
    /// block; the frame animates with the block's spring (an underdamped spring overshoots).
    @Test func aConstantChangedAndLaidOutInASpringBlockAnimatesWithTheSpring() throws {
        let h = try harness()
        try h.run("""
            card = placed("card")
            top = card.topAnchor:constraint{equalTo = container.topAnchor, constant = 100}
            NSLayoutConstraint.activate{ top, card.leftAnchor:constraint{equalTo = container.leftAnchor, constant = 20},
              card.widthAnchor:constraint{equalToConstant = 200}, card.heightAnchor:constraint{equalToConstant = 100} }
            container:layoutIfNeeded()
            top.constant = 400
            UIView.animate{ duration = 1, dampingRatio = 0.5, velocity = 0, animations = function() container:layoutIfNeeded() end }
            """)
        #expect(try frame(h, "card.frame").minY == 400)   // the model at once, as UIKit's
        var ys: [Double] = []
        for _ in 0..<20 {
            try h.run("transit.step(0.05)")
            ys.append(try frame(h, "card.layer:presentation().frame").minY)
        }
        #expect(ys.first! > 100 && ys.first! < 400)
        #expect(ys.max()! > 400, "an underdamped spring overshoots: \(ys)")
        #expect(abs(ys.last! - 400) < 1)
    }

    @Test func activatingAndDeactivatingAnimatesTheSameWay() throws {
        let h = try harness()
        try h.run("""
            card = placed("card")
            left = card.leftAnchor:constraint{equalTo = container.leftAnchor}
            right = card.rightAnchor:constraint{equalTo = container.rightAnchor}
            NSLayoutConstraint.activate{ left, card.topAnchor:constraint{equalTo = container.topAnchor},
              card.widthAnchor:constraint{equalToConstant = 100}, card.heightAnchor:constraint{equalToConstant = 100} }
            container:layoutIfNeeded()
            left.isActive = false
            right.isActive = true
            UIView.animate(0.4, function() container:layoutIfNeeded() end)
            transit.step(0.2)
            """)
        let mid = try frame(h, "card.layer:presentation().frame").minX
        #expect(mid > 0 && mid < 275, "\(mid)")
        try h.run("transit.step(0.3)")
        #expect(try frame(h, "card.layer:presentation().frame").minX == 275)
    }

    private func cardHarness() throws -> Harness {
        let h = try harness()
        try h.run("""
            card = placed("card")
            top = card.topAnchor:constraint{equalTo = container.topAnchor, constant = 100}
            NSLayoutConstraint.activate{ top, card.leftAnchor:constraint{equalTo = container.leftAnchor, constant = 20},
              card.widthAnchor:constraint{equalToConstant = 200}, card.heightAnchor:constraint{equalToConstant = 100} }
            container:layoutIfNeeded()
            """)
        return h
    }

    /// A paused property animator whose block lays out a changed constant scrubs that layout;
    /// stopping it at the start puts the frame back (UIViewPropertyAnimator: stopAnimation
    /// leaves views where they are; finishAnimation(at: .start) puts them at the start).
    @Test func aPausedPropertyAnimatorScrubsTheLayout() throws {
        let h = try cardHarness()
        try h.run("""
            top.constant = 300
            a = UIViewPropertyAnimator.new{ duration = 1, curve = "linear" }
            a:addAnimations(function() container:layoutIfNeeded() end)
            a:pauseAnimation()
            a.fractionComplete = 0.25
            """)
        #expect(try frame(h, "card.layer:presentation().frame").minY == 150)
        try h.run("a.fractionComplete = 0.75")
        #expect(try frame(h, "card.layer:presentation().frame").minY == 250)
    }

    @Test func aKeyframeLaysOutAtItsOwnTimes() throws {
        let h = try cardHarness()
        try h.run("""
            UIView.animateKeyframes{ duration = 1, animations = function()
              UIView.addKeyframe(0.5, 0.5, function() top.constant = 300 container:layoutIfNeeded() end)
            end }
            transit.step(0.25)
            """)
        #expect(try frame(h, "card.layer:presentation().frame").minY == 100)   // before its keyframe starts
        try h.run("transit.step(0.5)")
        let late = try frame(h, "card.layer:presentation().frame").minY
        #expect(late > 100 && late < 300, "\(late)")
        try h.run("transit.step(0.5)")
        #expect(try frame(h, "card.layer:presentation().frame").minY == 300)
    }
}

@Suite struct ConstraintsInTransitions {
    /// An animator that moves the presented card by a constraint: an interactive presentation
    /// scrubs it, and a cancel puts it back where it started.
    @Test func anInteractiveTransitionScrubsAConstraintAnimationAndACancelRestoresIt() throws {
        let result = try runScene("""
            local Animator = NSObject:subclass("Animator")
            function Animator:transitionDuration() return 1 end
            function Animator:animateTransition(ctx)
              local container = ctx.containerView
              local view = ctx:view("to")
              container:addSubview(view)
              view.frame = ctx:finalFrame(ctx:viewController("to"))
              card = UIView.new{ name = "card" }
              card.translatesAutoresizingMaskIntoConstraints = false
              view:addSubview(card)
              cardTop = card.topAnchor:constraint{equalTo = view.topAnchor, constant = 600}
              NSLayoutConstraint.activate{ cardTop, card.leftAnchor:constraint{equalTo = view.leftAnchor},
                card.widthAnchor:constraint{equalToConstant = 100}, card.heightAnchor:constraint{equalToConstant = 100} }
              view:layoutIfNeeded()
              cardTop.constant = 100
              UIView.animate{ duration = 1, options = {"curveLinear"}, animations = function() view:layoutIfNeeded() end,
                completion = function() ctx:completeTransition(not ctx.transitionWasCancelled) end }
            end
            local Delegate = NSObject:subclass("Delegate")
            function Delegate:animationControllerForPresented() return Animator.new() end
            function Delegate:interactionControllerForPresentation() return interaction end
            interaction = UIPercentDrivenInteractiveTransition.new()
            local root = UIViewController.new()
            transit.window.rootViewController = root
            local vc = UIViewController.new()
            vc.modalPresentationStyle = "custom"
            local delegate = Delegate.new()
            vc.transitioningDelegate = delegate
            root:present(vc, true)
            interaction:update(0.5)
            transit.wait(0.1)
            midY = card.layer:presentation().frame.y
            interaction:cancel()
            transit.wait(2)
            endY = card.frame.y
            """)
        #expect(try result.number("midY") == 350)
        #expect(try result.number("endY") == 600)
    }
}
