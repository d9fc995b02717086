locals {
  a = 1 /* one
  two */
  bb = 2
}
/*
  a = 1
*/
