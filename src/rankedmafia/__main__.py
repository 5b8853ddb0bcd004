from rankedmafia.cli import main

main()
