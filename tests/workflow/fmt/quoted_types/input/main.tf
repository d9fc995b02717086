variable "a" {
  type = "string"
}
variable "b" {
  type = "list"
}
variable "c" {
  type = "map"
}
variable "d" {
  type = list
}
variable "e" {
  type = map
}
variable "f" {
  type = set
}
variable "g" {
  type = "number"
}
variable "h" {
  type = list(string)
}
locals {
  type = "string"
}
resource "terraform_data" "r" {
  input = "list"
}
