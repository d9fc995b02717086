# just a comment
   // indented slash comment
/* block */

    # more
