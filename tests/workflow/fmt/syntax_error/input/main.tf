locals {
  a = 
  b = 2
}
