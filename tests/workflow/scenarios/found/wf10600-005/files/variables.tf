variable "size" {
  type = number
  description = "A variable."
  default = 2
}
