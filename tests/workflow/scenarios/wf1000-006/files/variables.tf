variable "name" {
  type = string
  default = "alpha"
  nullable = false
}
