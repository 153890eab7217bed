import Testing
@testable import TransitCore
@testable import TransitLua

/// UISheetPresentationController (iOS 15, Apple's class reference): the host class a page
/// sheet's `sheetPresentationController` is, its detents and selection, the user's drag between
/// detents, dimming, and the scroll-view hand-off. On the iPhone 15 profile (393 × 852 pt) the
/// sheet's top is 64 pt from the top at large (status bar 54 + 10) and its content ends above
/// the 34-pt bottom safe area, so large is 754 pt tall and medium, half the screen, 392 pt.
@Suite struct SheetPresentationTests {
    /// A presents B as a page sheet configured by `setUp` (the sheet is `sheet`); `calls`
    /// records the delegate's detent changes; `drag(fromY, toY)` pans on the screen's centre line.
    static func scene(setUp: String = "", contents: String = "") -> String {
        """
        A, B = UIViewController.new{ title = "A" }, UIViewController.new{ title = "B" }
        transit.window.rootViewController = A
        B.modalPresentationStyle = "pageSheet"
        sheet = B.sheetPresentationController
        calls = {}
        sheet.delegate = { sheetPresentationControllerDidChangeSelectedDetentIdentifier = function(_, s)
          calls[#calls + 1] = tostring(s.selectedDetentIdentifier)
        end }
        \(contents)
        \(setUp)
        A:present(B, true)
        transit.wait(1)
        function drag(fromY, toY, duration)
          transit.touch.pan{ from = CGPoint(196, fromY), to = CGPoint(196, toY), duration = duration or 0.4, release = true }
          transit.wait(1.2)
        end
        function top() return B.view.frame.minY end

        """
    }

    static let twoDetents = "sheet.detents = { UISheetPresentationController.Detent.medium(), UISheetPresentationController.Detent.large() }"

    @Test func theClassGlobalIsTheHostClassAndDetentsDefaultToLarge() throws {
        let result = try runScene("""
            B = UIViewController.new()
            sheet = B.sheetPresentationController
            isSheet = sheet:isKind(UISheetPresentationController)
            count, first = #sheet.detents, sheet.detents[1].identifier
            medium = UISheetPresentationController.Detent.medium().identifier
            identifier = UISheetPresentationController.Detent.Identifier.large
            """, device: "iPhone 15")
        #expect(try result.bool("isSheet"))
        #expect(try result.number("count") == 1)
        #expect(try result.text("first") == "large")
        #expect(try result.text("medium") == "medium")
        #expect(try result.text("identifier") == "large")
    }

    @Test func aNilSelectionRestsAtTheSmallestDetent() throws {
        let result = try runScene(Self.scene(setUp: Self.twoDetents), device: "iPhone 15")
        #expect(try result.number("top()") == 426)
        #expect(try result.number("B.view.frame.height") == 426)
        #expect(try result.text("tostring(sheet.selectedDetentIdentifier)") == "nil")
    }

    /// Apple: changes outside animateChanges are not animated; they still apply.
    @Test func aSelectionSetOutsideAnimateChangesAppliesAtTheNextLayoutWithoutAnimation() throws {
        let result = try runScene(Self.scene(setUp: Self.twoDetents) + """
            sheet.selectedDetentIdentifier = "large"
            transit.wait(1 / 60)
            nextFrameTop = top()
            animating = B.view.layer:animationKeys()
            animatingCount = animating and #animating or 0
            """, device: "iPhone 15")
        #expect(try result.number("nextFrameTop") == 64)
        #expect(try result.number("animatingCount") == 0)
        #expect(result.world.problems.isEmpty, "\(result.world.problems)")
    }

    @Test func animateChangesMovesTheSheetToTheNewDetentOverTime() throws {
        let result = try runScene(Self.scene(setUp: Self.twoDetents) + """
            sheet:animateChanges(function() sheet.selectedDetentIdentifier = "large" end)
            transit.wait(0.1)
            midway = B.view.layer:presentation().frame.minY
            transit.wait(1)
            final = top()
            """, device: "iPhone 15")
        let midway = try result.number("midway")
        #expect(midway < 426 && midway > 64)
        #expect(try result.number("final") == 64)
        // The app's own change is not reported to the delegate.
        #expect(try result.number("#calls") == 0)
    }

    @Test func draggingUpMovesTheSheetToTheLargerDetentAndTellsTheDelegate() throws {
        let result = try runScene(Self.scene(setUp: Self.twoDetents) + """
            drag(500, 150)
            """, device: "iPhone 15")
        #expect(try result.number("top()") == 64)
        #expect(try result.text("sheet.selectedDetentIdentifier") == "large")
        #expect(try result.text("table.concat(calls, ' ')") == "large")
    }

    @Test func draggingDownFromLargeSettlesAtMediumWithoutDismissing() throws {
        let result = try runScene(Self.scene(setUp: Self.twoDetents + "\nsheet.selectedDetentIdentifier = \"large\"") + """
            drag(150, 420)
            presented = B.presentingViewController ~= nil
            """, device: "iPhone 15")
        #expect(try result.number("top()") == 426)
        #expect(try result.text("sheet.selectedDetentIdentifier") == "medium")
        #expect(try result.text("table.concat(calls, ' ')") == "medium")
        #expect(try result.bool("presented"))
    }

    @Test func aShortDragSettlesBackAtTheSameDetentWithoutTellingTheDelegate() throws {
        let result = try runScene(Self.scene(setUp: Self.twoDetents) + """
            drag(500, 470, 0.6)
            """, device: "iPhone 15")
        #expect(try result.number("top()") == 426)
        #expect(try result.number("#calls") == 0)
    }

    @Test func draggingBelowTheSmallestDetentDismissesTheSheet() throws {
        let result = try runScene(Self.scene(setUp: Self.twoDetents) + """
            drag(500, 820)
            dismissed = B.presentingViewController == nil
            """, device: "iPhone 15")
        #expect(try result.bool("dismissed"))
        #expect(result.world.problems.isEmpty, "\(result.world.problems)")
    }

    /// largestUndimmedDetentIdentifier: at or below it the presenter is neither dimmed nor
    /// scaled back, and it takes touches; above it, it is dimmed and the dimming takes them.
    @Test func theLargestUndimmedDetentLeavesThePresenterTouchable() throws {
        let result = try runScene(Self.scene(setUp: Self.twoDetents + "\nsheet.largestUndimmedDetentIdentifier = \"medium\"", contents: """
            taps = 0
            A.view:addGestureRecognizer(UITapGestureRecognizer.new(function(g) if g.state == "ended" then taps = taps + 1 end end))
            """) + """
            local dimming
            for _, v in ipairs(B.view.superview.subviews) do if v.name == "sheet dimming" then dimming = v end end
            alphaAtMedium = dimming.alpha
            scaleAtMedium = A.view.transform.a
            transit.touch.tap{ at = CGPoint(196, 200) }
            transit.wait(0.5)
            tapsAtMedium = taps
            sheet.selectedDetentIdentifier = "large"
            transit.wait(0.1)
            alphaAtLarge = dimming.alpha
            scaleAtLarge = A.view.transform.a
            transit.touch.tap{ at = CGPoint(196, 30) }
            transit.wait(0.5)
            tapsAtLarge = taps
            """, device: "iPhone 15")
        #expect(try result.number("alphaAtMedium") == 0)
        #expect(try result.number("scaleAtMedium") == 1)
        #expect(try result.number("tapsAtMedium") == 1)
        #expect(try result.number("alphaAtLarge") == 1)
        #expect(try result.number("scaleAtLarge") < 1)
        #expect(try result.number("tapsAtLarge") == 1)
    }

    @Test func withoutAnUndimmedDetentThePresenterIsDimmedAtEveryDetent() throws {
        let result = try runScene(Self.scene(setUp: Self.twoDetents, contents: """
            taps = 0
            A.view:addGestureRecognizer(UITapGestureRecognizer.new(function(g) if g.state == "ended" then taps = taps + 1 end end))
            """) + """
            transit.touch.tap{ at = CGPoint(196, 200) }
            transit.wait(0.5)
            """, device: "iPhone 15")
        #expect(try result.number("taps") == 0)
    }

    @Test func theGrabberAndCornerRadiusFollowTheSheetsPreferences() throws {
        let result = try runScene(Self.scene(setUp: """
            sheet.prefersGrabberVisible = true
            sheet.preferredCornerRadius = 24
            """) + """
            for _, v in ipairs(B.view.subviews) do if v.name == "sheet grabber" then grabber = v end end
            grabberFrame = grabber.frame
            radius = B.view.layer.cornerRadius
            sheet.prefersGrabberVisible = false
            transit.wait(0.1)
            gone = grabber.superview == nil
            """, device: "iPhone 15")
        #expect(try result.text("tostring(grabberFrame)") == "CGRect(178.5, 5, 36, 5)")
        #expect(try result.number("radius") == 24)
        #expect(try result.bool("gone"))
    }

    /// iOS 16 custom detents: the resolver's height (without the bottom safe area), given the
    /// large detent's height as maximumDetentValue; nil makes a detent inactive.
    @Test func aCustomDetentTakesItsResolversHeight() throws {
        let result = try runScene(Self.scene(setUp: """
            sheet.detents = {
              UISheetPresentationController.Detent.custom{ identifier = "small", resolver = function(ctx) maximum = ctx.maximumDetentValue return 200 end },
              UISheetPresentationController.Detent.custom(function(ctx) return nil end),
              UISheetPresentationController.Detent.large(),
            }
            """), device: "iPhone 15")
        #expect(try result.number("maximum") == 754)
        #expect(try result.number("B.view.frame.height") == 234)
        #expect(try result.number("top()") == 618)
    }

    @Test func invalidateDetentsAsksTheResolversAgain() throws {
        let result = try runScene(Self.scene(setUp: """
            height = 200
            asked = 0
            sheet.detents = { UISheetPresentationController.Detent.custom{ identifier = "fit", resolver = function(ctx) asked = asked + 1 return height end } }
            """) + """
            height = 300
            sheet:invalidateDetents()
            transit.wait(0.1)
            """, device: "iPhone 15")
        #expect(try result.number("B.view.frame.height") == 334)
    }

    @Test(arguments: [15.0])
    func customDetentsNeedIOS16(ios: Double) throws {
        #expect(throws: (any Error).self) {
            _ = try runScene("x = UISheetPresentationController.Detent.custom(function() return 1 end)", device: "iPhone 15", ios: ios)
        }
        do {
            _ = try runScene("x = UISheetPresentationController.Detent.custom(function() return 1 end)", device: "iPhone 15", ios: ios)
        } catch {
            #expect("\(error)".contains("available from iOS 16"))
        }
    }

    @Test func detentsMustNotBeEmptyNorRepeatAnIdentifier() throws {
        for (line, expected) in [
            ("sheet.detents = {}", "must not be empty"),
            ("sheet.detents = { UISheetPresentationController.Detent.large(), UISheetPresentationController.Detent.large() }", "two detents with the identifier \"large\""),
            ("sheet.detents = { 42 }", "entry 1 must be a UISheetPresentationControllerDetent"),
            ("sheet.preferredCornerRadius = -1", "preferredCornerRadius must be a finite number ≥ 0"),
        ] {
            do {
                _ = try runScene("B = UIViewController.new() sheet = B.sheetPresentationController\n" + line, device: "iPhone 15")
                Issue.record("expected an error from: \(line)")
            } catch {
                #expect("\(error)".contains(expected), "\(line) → \(error)")
            }
        }
    }

    /// A resolver's bad answer is an error at the resolver's own line.
    @Test func aResolversBadAnswerIsNamedAtItsLine() throws {
        for (answer, expected) in [("\"tall\"", "must return a height in points or nil (got string)"), ("0/0", "returned nan")] {
            do {
                _ = try runScene(Self.scene(setUp: """
                    sheet.detents = { UISheetPresentationController.Detent.custom{ identifier = "odd",
                      resolver = function(ctx) return \(answer) end } }
                    """), device: "iPhone 15")
                Issue.record("expected an error for \(answer)")
            } catch {
                #expect("\(error)".contains("scene.lua:"), "\(error)")
                #expect("\(error)".contains("the custom detent \"odd\"'s resolver \(expected)"), "\(error)")
            }
        }
    }

    /// The sheet is UIKit's object, not a table: a misspelt property is an error, not a field.
    @Test func aMisspeltPropertyOnTheSheetIsAnError() throws {
        do {
            _ = try runScene("B = UIViewController.new() B.sheetPresentationController.prefersGrabberVisibel = true", device: "iPhone 15")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("has no property \"prefersGrabberVisibel\"; did you mean \"prefersGrabberVisible\"?"), "\(error)")
        }
    }

    /// Transit's older detents, the strings "medium" and "large", still work.
    @Test func theOlderStringDetentsStillWork() throws {
        let result = try runScene(Self.scene(setUp: "sheet.detents = { \"medium\", \"large\" }"), device: "iPhone 15")
        #expect(try result.number("top()") == 426)
    }

    // MARK: - Scroll views

    static let scroller = """
        scroll = UIScrollView.new{ contentSize = CGSize(393, 3000) }
        scroll.frame = B.view.bounds
        scroll.autoresizingMask = { "flexibleWidth", "flexibleHeight" }
        B.view:addSubview(scroll)
        """

    /// With prefersScrollingExpandsWhenScrolledToEdge (the default) a drag up in a scroll view
    /// at its top grows the sheet first; the content stays at its top.
    @Test func aDragUpInAScrollViewGrowsTheSheetFirst() throws {
        let result = try runScene(Self.scene(setUp: Self.twoDetents, contents: Self.scroller) + """
            drag(600, 300)
            offset = scroll.contentOffset.y + scroll.adjustedContentInset.top
            """, device: "iPhone 15")
        #expect(try result.number("top()") == 64)
        #expect(try result.number("offset") == 0)
        #expect(try result.text("table.concat(calls, ' ')") == "large")
    }

    @Test func withoutScrollingExpandsTheScrollViewScrollsAndTheSheetStays() throws {
        let result = try runScene(Self.scene(setUp: Self.twoDetents + "\nsheet.prefersScrollingExpandsWhenScrolledToEdge = false", contents: Self.scroller) + """
            drag(600, 300)
            offset = scroll.contentOffset.y + scroll.adjustedContentInset.top
            """, device: "iPhone 15")
        #expect(try result.number("top()") == 426)
        #expect(try result.number("offset") > 100)
        #expect(try result.number("#calls") == 0)
    }

    /// At the largest detent a scrolled-down scroll view scrolls back first; once at its top,
    /// the rest of the drag pulls the sheet down.
    @Test func pullingDownAScrolledContentScrollsToTheTopThenMovesTheSheet() throws {
        let result = try runScene(Self.scene(setUp: Self.twoDetents + "\nsheet.selectedDetentIdentifier = \"large\"", contents: Self.scroller) + """
            scroll.contentOffset = CGPoint(0, 100 - scroll.adjustedContentInset.top)
            drag(200, 560, 0.6)
            offset = scroll.contentOffset.y + scroll.adjustedContentInset.top
            """, device: "iPhone 15")
        #expect(try result.number("offset") == 0)
        #expect(try result.number("top()") == 426)
        #expect(try result.text("table.concat(calls, ' ')") == "medium")
    }

    // MARK: - Compact height

    @Test func inCompactHeightTheSheetFillsTheScreenUnlessItPrefersToStayEdgeAttached() throws {
        let rotate = "transit.rotate(\"landscapeLeft\")"
        let full = try runScene(Self.scene(setUp: Self.twoDetents, contents: rotate), device: "iPhone 15")
        #expect(try full.text("tostring(B.view.frame)") == "CGRect(0, 0, 852, 393)")
        let attached = try runScene(Self.scene(setUp: Self.twoDetents + "\nsheet.prefersEdgeAttachedInCompactHeight = true", contents: rotate), device: "iPhone 15")
        // The container's safe-area width (852 − 2 × 59), at medium: half the screen.
        #expect(try attached.text("tostring(B.view.frame)") == "CGRect(59, 196.5, 734, 196.5)")
        let follows = try runScene(Self.scene(setUp: Self.twoDetents + """

            sheet.prefersEdgeAttachedInCompactHeight = true
            sheet.widthFollowsPreferredContentSizeWhenEdgeAttached = true
            B.preferredContentSize = CGSize(500, 300)
            """, contents: rotate), device: "iPhone 15")
        #expect(try follows.number("B.view.frame.width") == 500)
    }
}
