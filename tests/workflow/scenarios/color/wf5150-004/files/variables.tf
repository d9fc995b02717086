variable "name" {
  type = string
  default = "alpha"
}
