Feature: Wild cards
  A Wild may be laid on any card during the player's own turn, even when other cards
  in the hand would fit, and its player then names the colour that play continues in.

  Rule: WILD-ANYTIME

    @WILD-ANYTIME @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a Wild may be played while holding cards that match
      Cites id-wikipedia › Aturan resmi › ¶8; id-wikipedia › Aturan resmi › ¶6 item Wild; fi-wikipedia › Pelin kulku › ¶3; sv-unoregler › Färg › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | W R5 G7 B2 |
        | 1    | G1 G2 Y3  |
        | 2    | B1 B3 Y4  |
      And the top card is R7
      Then seat 0 may play W
      When seat 0 plays W
      Then the top card is W
      And seat 0 holds exactly R5 G7 B2
      And the phase is colour
      And seat 0 is to act

    @WILD-ANYTIME @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a Wild may be played on an action card
      Cites id-wikipedia › Aturan resmi › ¶8; id-wikipedia › Aturan resmi › ¶6 item Wild; fi-wikipedia › Toimintakortit › ¶6; sv-unoregler › Färg › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | W G5 B2  |
        | 1    | G1 G2 Y3 |
        | 2    | B1 B3 Y4 |
      And the top card is RD2
      When seat 0 plays W
      And seat 0 names green
      Then the top card is W
      And the current colour is green
      And seat 1 is to act
      And seat 1 holds 3 cards

    @WILD-ANYTIME @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a Wild may be played on another wild card
      Cites id-wikipedia › Aturan resmi › ¶8; id-wikipedia › Aturan resmi › ¶6 item Wild; fi-wikipedia › Pelin kulku › ¶3; sv-unoregler › Färg › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | W Y5 B2  |
        | 1    | G1 G2 Y3 |
        | 2    | B1 B3 Y4 |
      And the top card is WD4 and the colour is green
      When seat 0 plays W
      And seat 0 names yellow
      Then the current colour is yellow
      And seat 1 is to act

    @WILD-ANYTIME @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a Wild may not be played out of turn
      Cites id-wikipedia › Aturan resmi › ¶8; id-wikipedia › Aturan resmi › ¶6 item Wild; fi-wikipedia › Pelin kulku › ¶3

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R5 G7 B2 |
        | 1    | W G2 Y3  |
        | 2    | B1 B3 Y4 |
      And the top card is R7
      When seat 1 tries to play W
      # checks WILD-ANYTIME
      Then the action is refused under TURN-ADVANCE
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks WILD-ANYTIME
      And seat 0 is to act

    @WILD-ANYTIME @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: a Wild is no answer to a Draw Two
      Cites fi-wikipedia › Toimintakortit › ¶6; id-wikipedia › Aturan resmi › ¶6 item Wild

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | RD2 R5 B2 |
        | 1    | W G2 Y3   |
        | 2    | B1 B3 Y4  |
      And the top card is R7
      When seat 0 plays RD2
      And seat 1 tries to play W
      Then the action is refused
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks DRAW-TWO-EFFECT
      And seat 1 holds 5 cards
      And seat 2 is to act

    @WILD-ANYTIME @negative @official @fi-wikipedia @id-wikipedia
    Scenario: a Wild is no answer to a Wild Draw Four
      Cites fi-wikipedia › Toimintakortit › ¶6; id-wikipedia › Aturan resmi › ¶6 item Wild

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | WD4 G5 B2 |
        | 1    | W G2 Y3   |
        | 2    | B1 B3 Y4  |
      And the top card is R7
      When seat 0 plays WD4
      And seat 0 names blue
      Then seat 1 may not play W
      When seat 1 tries to play W
      Then the action is refused
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @AMB-20
    Scenario Outline: a Wild played by someone who holds the current colour
      Cites fi-wikipedia › Toimintakortit › ¶6; sv-unoregler › Färg › ¶1; id-wikipedia › Aturan resmi › ¶6 item Wild; id-wikipedia › Aturan resmi › ¶8

      Given the option V-WILD-ONLY-WITHOUT-COLOUR is <only_without_colour>
      And a 3-player game under the <profile> profile
      And the hands are
        | seat | cards    |
        | 0    | W R5 B2  |
        | 1    | G1 G2 Y3 |
        | 2    | B1 B3 Y4 |
      And the top card is R7
      When seat 0 tries to play W
      Then the outcome is <outcome>

      @official @WILD-ANYTIME
      Examples:
        | profile  | only_without_colour | outcome                                |
        | official | false               | the phase is colour; the top card is W |

      @fi-wikipedia @WILD-ANYTIME
      Examples:
        | profile      | only_without_colour | outcome                                |
        | fi-wikipedia | false               | the phase is colour; the top card is W |

      @sv-unoregler @WILD-ANYTIME
      Examples:
        | profile      | only_without_colour | outcome                                |
        | sv-unoregler | false               | the phase is colour; the top card is W |

      @id-wikipedia @WILD-ANYTIME
      Examples:
        | profile      | only_without_colour | outcome                                |
        | id-wikipedia | false               | the phase is colour; the top card is W |

      @official @V-WILD-ONLY-WITHOUT-COLOUR
      Examples:
        | profile  | only_without_colour | outcome                                  |
        | official | true                | refused under V-WILD-ONLY-WITHOUT-COLOUR |

  Rule: WILD-COLOUR-CHOICE

    @WILD-COLOUR-CHOICE @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the player of a Wild may name any of the four colours
      Cites id-wikipedia › Aturan resmi › ¶6 item Wild; sv-unoregler › Färg › ¶1; fi-wikipedia › Toimintakortit › ¶6

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | W R5 B2  |
        | 1    | G1 G2 Y3 |
        | 2    | B1 B3 Y4 |
      And the top card is R7
      When seat 0 plays W
      Then the legal actions of seat 0 are
        | action         |
        | names red      |
        | names yellow   |
        | names green    |
        | names blue     |
      When seat 0 names green
      Then the current colour is green
      And the top card is W
      And seat 1 is to act
      And an event colour_named cites WILD-COLOUR-CHOICE

    @WILD-COLOUR-CHOICE @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the colour already in force may be named again
      Cites id-wikipedia › Aturan resmi › ¶6 item Wild; sv-unoregler › Färg › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | W R5 B2  |
        | 1    | G1 G2 Y3 |
        | 2    | B1 B3 Y4 |
      And the top card is R7
      When seat 0 plays W
      And seat 0 names red
      Then the current colour is red
      And seat 1 is to act

    @WILD-COLOUR-CHOICE @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: the player of a Wild Draw Four names the colour too
      Cites fi-wikipedia › Toimintakortit › ¶7; sv-unoregler › Färg › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | WD4 G5 B2 |
        | 1    | G1 G2 Y3  |
        | 2    | B1 B3 Y4  |
      And the top card is R7
      When seat 0 plays WD4
      Then the phase is colour
      And seat 0 is to act
      When seat 0 names yellow
      Then the current colour is yellow
      And the top card is WD4

    @WILD-COLOUR-CHOICE @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: play does not go on until the colour is named
      Cites id-wikipedia › Aturan resmi › ¶6 item Wild; fi-wikipedia › Toimintakortit › ¶6

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | W R5 B2  |
        | 1    | G1 G2 Y3 |
        | 2    | B1 B3 Y4 |
      And the top card is R7
      When seat 0 plays W
      And seat 0 tries to draw
      Then the action is refused under WILD-COLOUR-CHOICE
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks WILD-COLOUR-CHOICE
      When seat 1 tries to play G1
      Then the action is refused
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged

    @WILD-COLOUR-CHOICE @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: only the player of the wild card names the colour
      Cites id-wikipedia › Aturan resmi › ¶6 item Wild; sv-unoregler › Färg › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | W R5 B2  |
        | 1    | G1 G2 Y3 |
        | 2    | B1 B3 Y4 |
      And the top card is R7
      When seat 0 plays W
      And seat 1 tries to name green
      Then the action is refused
      # checks P-ILLEGAL-PLAY-REJECTED
      And the position is unchanged
      # checks WILD-COLOUR-CHOICE
      And seat 1 may not name green

    @WILD-COLOUR-CHOICE @negative @official @fi-wikipedia @sv-unoregler @id-wikipedia
    Scenario: no colour is named without a wild card
      Cites id-wikipedia › Aturan resmi › ¶6 item Wild; sv-unoregler › Färg › ¶1

      Given a 3-player game
      And the hands are
        | seat | cards    |
        | 0    | R3 R5 B2 |
        | 1    | G1 G2 Y3 |
        | 2    | B1 B3 Y4 |
      And the top card is R7
      When seat 0 plays R3
      And seat 0 tries to name blue
      Then the action is refused
      And the current colour is red
      And seat 1 is to act

    @AMB-20
    Scenario Outline: naming the colour that was already in force
      Cites sv-unoregler › Färg › ¶1; id-wikipedia › Aturan resmi › ¶6 item Wild; id-wikipedia › Aturan resmi › ¶8

      Given the option V-WILD-MUST-CHANGE-COLOUR is <must_change>
      And a 3-player game under the <profile> profile
      And the hands are
        | seat | cards    |
        | 0    | W R5 B2  |
        | 1    | G1 G2 Y3 |
        | 2    | B1 B3 Y4 |
      And the top card is R7
      When seat 0 plays W
      And seat 0 tries to name red
      Then the outcome is <outcome>

      @official @WILD-COLOUR-CHOICE
      Examples:
        | profile  | must_change | outcome                                     |
        | official | false       | the current colour is red; seat 1 is to act |

      @fi-wikipedia @WILD-COLOUR-CHOICE
      Examples:
        | profile      | must_change | outcome                                     |
        | fi-wikipedia | false       | the current colour is red; seat 1 is to act |

      @sv-unoregler @WILD-COLOUR-CHOICE
      Examples:
        | profile      | must_change | outcome                                     |
        | sv-unoregler | false       | the current colour is red; seat 1 is to act |

      @id-wikipedia @WILD-COLOUR-CHOICE
      Examples:
        | profile      | must_change | outcome                                     |
        | id-wikipedia | false       | the current colour is red; seat 1 is to act |

      @official @V-WILD-MUST-CHANGE-COLOUR
      Examples:
        | profile  | must_change | outcome                                 |
        | official | true        | refused under V-WILD-MUST-CHANGE-COLOUR |
